/**
 * POST /api/create-cart-purchase (issue 18 "Checkout all"): one invoice for every listed line, their
 * units reserved together or not at all; answers where to pay. A 409 names the line that is short.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreateCartPurchaseBody,
  createCartPurchaseResponseSchema,
} from '../../../../shared/schemas/buying.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import { cartQueryKey } from '../../cart/api/cart.js';
import { purchasesQueryKey } from './myPurchases.js';
import { shippingAddressQueryKey } from './shippingAddress.js';

type CreatedCartPurchase = z.infer<typeof createCartPurchaseResponseSchema>;

export function createCartPurchase(body: CreateCartPurchaseBody): Promise<CreatedCartPurchase> {
  return buyerFetch<CreatedCartPurchase>('/api/create-cart-purchase', { method: 'POST', json: body });
}

export function useCreateCartPurchase(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCartPurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchasesQueryKey(sub) }),
    // The server kept the shipping fields as the buyer's last address (also when the payment provider
    // then failed): the next checkout starts from them. Not awaited: the payment tab need not wait for it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: shippingAddressQueryKey(sub) }),
    // A line found short means the cart's stock figures are old: show the buyer the new ones.
    onError: (error) => {
      console.error('Could not create the cart purchase', error.message);
      void queryClient.invalidateQueries({ queryKey: cartQueryKey(sub) });
    },
  });
}
