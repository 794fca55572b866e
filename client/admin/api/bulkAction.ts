/** POST /api/admin/bulk?shop -> { changed }: one action over chosen products or every matching one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkResponseSchema, type BulkBody } from '../../../shared/schemas/adminProducts.js';
import type { ShopKey } from '../../../shared/shops.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export function runBulkAction(shop: ShopKey, body: BulkBody) {
  return adminFetchJson(`/api/admin/bulk?shop=${shop}`, bulkResponseSchema, { method: 'POST', json: body });
}

export function useBulkAction(shop: ShopKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkBody) => runBulkAction(shop, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.products(shop) }),
  });
}
