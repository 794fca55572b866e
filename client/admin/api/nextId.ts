/** GET /api/next-id?shop= -> {nextId}: the id a new product gets. Refetched on every entry to the Add tab. */
import { useQuery } from '@tanstack/react-query';
import { nextIdResponseSchema } from '../../../shared/schemas/catalog.js';
import type { ShopKey } from '../../../shared/shops.js';
import { queryString } from '../../endpoints/http.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export async function fetchNextId(shop: ShopKey): Promise<number> {
  const { nextId } = await adminFetchJson(`/api/next-id${queryString({ shop })}`, nextIdResponseSchema);
  return nextId;
}

export function useNextIdQuery(shop: ShopKey) {
  return useQuery({
    queryKey: adminKeys.nextId(shop),
    queryFn: () => fetchNextId(shop),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}
