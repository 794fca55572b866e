/**
 * Issue 29, the Price checks screen: GET /api/admin/price-checks?shop= (the figures),
 * POST /api/admin/price-checks/{id}/check?shop= ('Check now') and GET …/{id}/history?shop=.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  priceCheckNowResponseSchema,
  priceChecksResponseSchema,
  priceHistoryResponseSchema,
} from '../../../shared/schemas/priceChecks.js';
import type { ShopKey } from '../../../shared/shops.js';
import { adminFetchJson } from './adminFetch.js';

const keys = {
  checks: (shop: ShopKey) => ['admin', 'price-checks', shop] as const,
  history: (shop: ShopKey, id: number) => ['admin', 'price-checks', shop, 'history', id] as const,
};

export const priceChecksQueryOptions = (shop: ShopKey) =>
  queryOptions({
    queryKey: keys.checks(shop),
    queryFn: () => adminFetchJson(`/api/admin/price-checks?shop=${shop}`, priceChecksResponseSchema),
  });

export function usePriceChecksQuery(shop: ShopKey) {
  return useQuery(priceChecksQueryOptions(shop));
}

export function usePriceHistoryQuery(shop: ShopKey, id: number | undefined) {
  return useQuery({
    queryKey: keys.history(shop, id ?? 0),
    queryFn: () =>
      adminFetchJson(`/api/admin/price-checks/${id}/history?shop=${shop}`, priceHistoryResponseSchema),
    enabled: id !== undefined,
    retry: false,
  });
}

export function useCheckNowMutation(shop: ShopKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminFetchJson(`/api/admin/price-checks/${id}/check?shop=${shop}`, priceCheckNowResponseSchema, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.checks(shop) }),
  });
}
