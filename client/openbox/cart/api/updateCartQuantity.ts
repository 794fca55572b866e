/** PUT /api/cart/quantity (docs/product.md §7): on success the line changes in place (docs/product.md §4), no refetch. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CartItem, updateCartQuantityBodySchema } from '../../../../shared/schemas/buying.js';
import type { okSchema } from '../../../../shared/schemas/common.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import { knownStore, withLineQuantity } from '../cartMath.js';
import { cartQueryKey } from './cart.js';

type UpdateCartQuantityBody = z.infer<typeof updateCartQuantityBodySchema>;

export function updateCartQuantity(body: UpdateCartQuantityBody) {
  return buyerFetch<z.infer<typeof okSchema>>('/api/cart/quantity', { method: 'PUT', json: body });
}

export function useUpdateCartQuantity(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, quantity }: { item: CartItem; quantity: number }) =>
      updateCartQuantity({
        google_id: sub,
        product_id: item.product_id,
        store: knownStore(item),
        condition: item.condition,
        quantity,
      }),
    onSuccess: (_, { item, quantity }) => {
      queryClient.setQueryData<CartItem[]>(cartQueryKey(sub), (items) =>
        items ? withLineQuantity(items, item, quantity) : items,
      );
    },
    onError: (error) => {
      console.error('Could not update quantity', error.message);
      window.alert('Could not update quantity');
    },
  });
}
