/** GET /api/admin/sales?days -> the open-box sales dashboard's numbers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesResponseSchema } from '../../../shared/schemas/adminProducts.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export const salesQueryOptions = (days: number) =>
  queryOptions({
    queryKey: adminKeys.sales(days),
    queryFn: () => adminFetchJson(`/api/admin/sales?days=${days}`, salesResponseSchema),
  });

export function useSalesQuery(days: number) {
  return useQuery(salesQueryOptions(days));
}
