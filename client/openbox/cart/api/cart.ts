/** GET /api/cart/{googleUserId} (docs/product.md §7): the signed-in buyer's cart lines. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartItem } from '../../../../shared/schemas/buying.js';
import { BUYER_QUERY_ROOT, buyerFetch } from '../../../session/buyerFetch.js';

export function cartQueryKey(sub: string) {
  return [BUYER_QUERY_ROOT, sub, 'cart'] as const;
}

export function fetchCart(sub: string): Promise<CartItem[]> {
  return buyerFetch<CartItem[]>(`/api/cart/${encodeURIComponent(sub)}`);
}

export function cartQueryOptions(sub: string) {
  return queryOptions({
    queryKey: cartQueryKey(sub),
    queryFn: () => fetchCart(sub),
    // Each cart shown (the modal, /account) asks again: a line whose stock fell since shows it (issue 20).
    staleTime: 0,
  });
}

/** The cart of the signed-in buyer; idle (no request) while nobody is signed in. */
export function useCartQuery(sub: string | undefined) {
  return useQuery({ ...cartQueryOptions(sub ?? ''), enabled: sub !== undefined });
}
