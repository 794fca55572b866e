/** GET /api/admin/returns?status= (issue 28): every return, or those of one status, newest first. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminReturnsResponseSchema,
  type AdminReturn,
  type ReturnFilter,
} from '../../../shared/schemas/returns.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export function fetchAdminReturns(status: ReturnFilter): Promise<AdminReturn[]> {
  return adminFetchJson(
    `/api/admin/returns?status=${encodeURIComponent(status)}`,
    adminReturnsResponseSchema,
  );
}

export function useAdminReturnsQuery(status: ReturnFilter) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.returnsList(status),
      queryFn: () => fetchAdminReturns(status),
      placeholderData: keepPreviousData,
    }),
  );
}
