/** GET /api/catalog/overview: TOP products, rows per sub-category, the category tree and PC totals. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogOverview } from '../../shared/schemas/catalog.js';
import type { ShopKey, SortMode } from '../../shared/shops.js';
import { fetchJson, queryString, serverChecked } from './http.js';
import { pageLoadedAt, takeInitialOverview } from './initialData.js';

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
  return useQuery({
    ...catalogOverviewQueryOptions(params),
    // Asked only when the cache has nothing for these params: the first view of a shop page is seeded
    // from its HTML, dated to the page's load so it counts as fresh and is not fetched again.
    initialData: () => takeInitialOverview(params),
    initialDataUpdatedAt: pageLoadedAt,
  });
}
