/** DELETE /api/cart (docs/product.md §7): removes one line; the cart is refetched after (docs/product.md §4). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CartItem, removeFromCartBodySchema } from '../../../../shared/schemas/buying.js';
import type { okSchema } from '../../../../shared/schemas/common.js';
import { ApiError } from '../../../endpoints/http.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import { knownStore } from '../cartMath.js';
import { cartQueryKey } from './cart.js';

type RemoveFromCartBody = z.infer<typeof removeFromCartBodySchema>;

export function removeFromCart(body: RemoveFromCartBody) {
  return buyerFetch<z.infer<typeof okSchema>>('/api/cart', { method: 'DELETE', json: body });
}

export function useRemoveFromCart(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: CartItem) =>
      removeFromCart({
        google_id: sub,
        product_id: item.product_id,
        store: knownStore(item),
        condition: item.condition,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey(sub) }),
    onError: (error) => {
      console.error('Could not remove item from cart', error.message);
      window.alert('Could not remove item from cart');
    },
  });
}

/**
 * After "Checkout all": the bought lines leave the cart as a bought line does after its own checkout.
 * A line already gone (the server or another tab removed it) is what was wanted, so a 404 is no failure.
 */
export function useRemoveBoughtLines(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: readonly CartItem[]) => {
      const removals = items.map((item) =>
        removeFromCart({
          google_id: sub,
          product_id: item.product_id,
          store: knownStore(item),
          condition: item.condition,
        }).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }),
      );
      await Promise.all(removals);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey(sub) }),
    onError: (error) => console.error('Could not remove the bought lines from the cart', error.message),
  });
}
