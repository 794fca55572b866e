/**
 * GET /api/admin/outbox?page&pageSize&status -> one page of the outbox, newest first, and how many
 * e-mails the filter matches. While any e-mail on the page still waits, the page is asked again every
 * few seconds, so a resend or a mail server coming back shows without a reload.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { outboxResponseSchema, type OutboxQuery } from '../../../shared/schemas/mail.js';
import { queryString } from '../../endpoints/http.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

const WHILE_WAITING_MS = 5_000;

export const outboxQueryOptions = (query: OutboxQuery) =>
  queryOptions({
    queryKey: adminKeys.outboxPage(query),
    queryFn: () =>
      adminFetchJson(
        `/api/admin/outbox${queryString({ page: query.page, pageSize: query.pageSize, status: query.status })}`,
        outboxResponseSchema,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((mail) => mail.status !== 'sent') ? WHILE_WAITING_MS : false,
  });

export function useOutboxQuery(query: OutboxQuery) {
  return useQuery(outboxQueryOptions(query));
}
