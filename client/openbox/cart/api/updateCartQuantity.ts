/**
 * PUT /api/cart/quantity (docs/product.md §7): on success the line changes in place (docs/product.md §4), no
 * refetch. A quantity past the stock is refused (409) with a sentence the line shows (issue 20); the cart
 * is then read again, since its stock figures were old. Any other failure alerts (docs/product.md §8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CartItem, updateCartQuantityBodySchema } from '../../../../shared/schemas/buying.js';
import type { okSchema } from '../../../../shared/schemas/common.js';
import { ApiError } from '../../../endpoints/http.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import { knownStore, withLineQuantity } from '../cartMath.js';
import { cartQueryKey } from './cart.js';

type UpdateCartQuantityBody = z.infer<typeof updateCartQuantityBodySchema>;

export function updateCartQuantity(body: UpdateCartQuantityBody) {
  return buyerFetch<z.infer<typeof okSchema>>('/api/cart/quantity', { method: 'PUT', json: body });
}

/** The server's 409: the line would pass the stock (or it ran out); its sentence says so. */
export function isStockRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
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
    // A cart read already on its way holds the old quantity and would land over the change: drop it.
    onMutate: () => queryClient.cancelQueries({ queryKey: cartQueryKey(sub) }),
    onSuccess: (_, { item, quantity }) => {
      queryClient.setQueryData<CartItem[]>(cartQueryKey(sub), (items) =>
        items ? withLineQuantity(items, item, quantity) : items,
      );
    },
    onError: (error) => {
      console.error('Could not update quantity', error.message);
      if (isStockRefusal(error)) void queryClient.invalidateQueries({ queryKey: cartQueryKey(sub) });
      else window.alert('Could not update quantity');
    },
  });
}
