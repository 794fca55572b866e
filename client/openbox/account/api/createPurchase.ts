/** POST /api/create-purchase (docs/product.md §7): an order for one cart line; answers where to pay. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createPurchaseResponseSchema } from '../../../../shared/schemas/buying.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import { cartQueryKey } from '../../cart/api/cart.js';
import type { CreatePurchaseBody } from '../shipping.js';
import { purchasesQueryKey } from './myPurchases.js';
import { shippingAddressQueryKey } from './shippingAddress.js';

type CreatedPurchase = z.infer<typeof createPurchaseResponseSchema>;

export function createPurchase(body: CreatePurchaseBody): Promise<CreatedPurchase> {
  return buyerFetch<CreatedPurchase>('/api/create-purchase', { method: 'POST', json: body });
}

export function useCreatePurchase(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchasesQueryKey(sub) }),
    // The server kept the shipping fields as the buyer's last address (also when the payment provider
    // then failed): the next checkout starts from them. Not awaited: the payment tab need not wait for it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: shippingAddressQueryKey(sub) }),
    // A line found short means the cart's stock figures are old: show the buyer the new ones.
    onError: (error) => {
      console.error('Could not create purchase', error.message);
      void queryClient.invalidateQueries({ queryKey: cartQueryKey(sub) });
    },
  });
}
