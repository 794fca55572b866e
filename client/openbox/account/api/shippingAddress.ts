/**
 * GET /api/account/shipping-address (issue 20): the shipping address the signed-in buyer used last,
 * which both checkouts' forms start from; null before their first purchase.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountShippingAddress } from '../../../../shared/schemas/account.js';
import { BUYER_QUERY_ROOT, buyerFetch } from '../../../session/buyerFetch.js';

export function shippingAddressQueryKey(sub: string) {
  return [BUYER_QUERY_ROOT, sub, 'shipping-address'] as const;
}

export function fetchShippingAddress(): Promise<AccountShippingAddress> {
  return buyerFetch<AccountShippingAddress>('/api/account/shipping-address');
}

/**
 * `sub` keys the answer per buyer: the call itself names nobody (the token says who). Only a purchase
 * changes the address, and the purchase mutations ask again after each: kept until then, so a checkout
 * opened later starts at once instead of waiting on a question whose answer is known.
 */
export function useShippingAddressQuery(sub: string) {
  return useQuery(
    queryOptions({
      queryKey: shippingAddressQueryKey(sub),
      queryFn: fetchShippingAddress,
      staleTime: Infinity,
    }),
  );
}
