/** GET /api/admin/products?shop&q&category&availability&stock&sort&page -> one page of the products table. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminProductsResponseSchema,
  type AdminProductsQuery,
} from '../../../shared/schemas/adminProducts.js';
import { queryString } from '../../endpoints/http.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export const adminProductsQueryOptions = (query: AdminProductsQuery) =>
  queryOptions({
    queryKey: adminKeys.productsPage(query),
    queryFn: () =>
      adminFetchJson(`/api/admin/products${queryString({ ...query })}`, adminProductsResponseSchema),
    // The page in hand stays while the next loads, so paging and filtering do not flash empty.
    placeholderData: keepPreviousData,
  });

export function useAdminProductsQuery(query: AdminProductsQuery) {
  return useQuery(adminProductsQueryOptions(query));
}
