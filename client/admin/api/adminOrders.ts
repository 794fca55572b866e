/**
 * GET /api/admin-purchases?page&pageSize&filter -> one page of orders, newest first, with the count of
 * every matching order in X-Total-Count: an owner with thousands of orders downloads one page at a time.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminOrdersResponseSchema,
  type AdminOrder,
  type AdminOrdersQuery,
} from '../../../shared/schemas/buying.js';
import { queryString } from '../../endpoints/http.js';
import { parseTotalCount, totalPages } from '../orders/ordersPaging.js';
import { adminFetchPage } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export interface AdminOrdersPage {
  orders: AdminOrder[];
  /** Every order matching the filter, on all pages; null if the server did not say. */
  totalCount: number | null;
  totalPages: number;
}

export async function fetchAdminOrders(query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const { items, totalCount } = await adminFetchPage(
    `/api/admin-purchases${queryString({ page: query.page, pageSize: query.pageSize, filter: query.filter })}`,
    adminOrdersResponseSchema,
  );
  const count = parseTotalCount(totalCount);
  return { orders: items, totalCount: count, totalPages: totalPages(count, query, items.length) };
}

export const adminOrdersQueryOptions = (query: AdminOrdersQuery) =>
  queryOptions({
    queryKey: adminKeys.ordersPage(query),
    queryFn: () =>
      fetchAdminOrders(query).catch((error: unknown) => {
        console.error('Could not load the orders', error);
        throw error;
      }),
    // The page in hand stays on screen while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
  });

export function useAdminOrdersQuery(query: AdminOrdersQuery) {
  return useQuery(adminOrdersQueryOptions(query));
}
