/** GET /api/catalog: one page of a category grid. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../shared/constants.js';
import type { CatalogPage } from '../../shared/schemas/catalog.js';
import type { ShopKey, SortMode } from '../../shared/shops.js';
import { fetchJson, queryString, serverChecked } from './http.js';

export interface CatalogPageParams {
  shop: ShopKey;
  q: string;
  category: string;
  sort?: SortMode;
  page: number;
  pageSize?: number;
}

export function fetchCatalogPage(params: CatalogPageParams): Promise<CatalogPage> {
  const query = queryString({ ...params, pageSize: params.pageSize ?? PAGE_SIZE });
  return fetchJson(`/api/catalog${query}`, serverChecked<CatalogPage>());
}

export function catalogPageQueryOptions(params: CatalogPageParams) {
  return queryOptions({
    queryKey: ['catalog', 'page', params],
    queryFn: () => fetchCatalogPage(params),
    // Keep showing the previous page while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useCatalogPageQuery(params: CatalogPageParams) {
  return useQuery(catalogPageQueryOptions(params));
}
