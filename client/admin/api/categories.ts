/** GET /api/categories?shop= -> {categories, mainCategories}: the suggestion lists of the product form. */
import { useQuery } from '@tanstack/react-query';
import { categoriesResponseSchema, type CategoriesResponse } from '../../../shared/schemas/catalog.js';
import type { ShopKey } from '../../../shared/shops.js';
import { queryString } from '../../endpoints/http.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export function fetchCategories(shop: ShopKey): Promise<CategoriesResponse> {
  return adminFetchJson(`/api/categories${queryString({ shop })}`, categoriesResponseSchema);
}

export function useCategoriesQuery(shop: ShopKey) {
  return useQuery({
    queryKey: adminKeys.categories(shop),
    queryFn: () => fetchCategories(shop),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}
