/**
 * GET /api/admin/activity?target&action&from&to&page&pageSize -> one page of the staff activity log,
 * newest first, and how many rows the filters match.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { activityResponseSchema, type ActivityQuery } from '../../../shared/schemas/activity.js';
import { queryString } from '../../endpoints/http.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export const activityQueryOptions = (query: ActivityQuery) =>
  queryOptions({
    queryKey: adminKeys.activityPage(query),
    queryFn: () =>
      adminFetchJson(
        `/api/admin/activity${queryString({
          target: query.target,
          action: query.action,
          from: query.from,
          to: query.to,
          page: query.page,
          pageSize: query.pageSize,
        })}`,
        activityResponseSchema,
      ),
    placeholderData: keepPreviousData,
  });

export function useActivityQuery(query: ActivityQuery) {
  return useQuery(activityQueryOptions(query));
}
