/** GET /api/catalog/overview: TOP products, rows per sub-category, the category tree and PC totals. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogOverview } from '../../shared/schemas/catalog.js';
import type { ShopKey, SortMode } from '../../shared/shops.js';
import { fetchJson, queryString, serverChecked } from './http.js';

export interface CatalogOverviewParams {
  shop: ShopKey;
  q: string;
  sort?: SortMode;
}

export function fetchCatalogOverview(params: CatalogOverviewParams): Promise<CatalogOverview> {
  return fetchJson(`/api/catalog/overview${queryString({ ...params })}`, serverChecked<CatalogOverview>());
}

export function catalogOverviewQueryOptions(params: CatalogOverviewParams) {
  return queryOptions({
    queryKey: ['catalog', 'overview', params],
    queryFn: () => fetchCatalogOverview(params),
    // While a new search or sort loads, keep the current rows (and the sidebar's tree) on screen.
    placeholderData: keepPreviousData,
  });
}

export function useCatalogOverviewQuery(params: CatalogOverviewParams) {
  return useQuery(catalogOverviewQueryOptions(params));
}
