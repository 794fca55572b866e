/** GET /api/my-purchases/{googleUserId} (docs/product.md §7): the signed-in buyer's orders. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Purchase } from '../../../../shared/schemas/buying.js';
import { BUYER_QUERY_ROOT, buyerFetch } from '../../../session/buyerFetch.js';

export function purchasesQueryKey(sub: string) {
  return [BUYER_QUERY_ROOT, sub, 'purchases'] as const;
}

export function fetchMyPurchases(sub: string): Promise<Purchase[]> {
  return buyerFetch<Purchase[]>(`/api/my-purchases/${encodeURIComponent(sub)}`);
}

export function useMyPurchasesQuery(sub: string) {
  return useQuery(
    queryOptions({
      queryKey: purchasesQueryKey(sub),
      queryFn: () => fetchMyPurchases(sub),
      // Payment happens in another tab: coming back to this one shows the new status.
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
  );
}
