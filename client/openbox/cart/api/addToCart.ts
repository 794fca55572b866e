/**
 * POST /api/cart (docs/product.md §7): ADD TO CART always sends quantity 1 (docs/product.md §5); the cart is
 * refetched after. Past the stock the server refuses it (409) with the sentence the offer shows (issue 20).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addToCartBodySchema } from '../../../../shared/schemas/buying.js';
import type { okSchema } from '../../../../shared/schemas/common.js';
import type { Condition, ShopKey } from '../../../../shared/shops.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import { useAuth } from '../../../session/useAuth.js';
import { cartQueryKey } from './cart.js';

type AddToCartBody = z.infer<typeof addToCartBodySchema>;

export function addToCart(body: AddToCartBody) {
  return buyerFetch<z.infer<typeof okSchema>>('/api/cart', { method: 'POST', json: body });
}

export interface CartLineChoice {
  productId: number;
  /** The shop selling it (a registry key; a product's own `store` field is a seller name). */
  store: ShopKey;
  condition: Condition;
}

export function useAddToCart() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, store, condition }: CartLineChoice) => {
      if (!user) throw new Error('Please log in to your account');
      return addToCart({
        google_id: user.sub,
        product_id: productId,
        store,
        condition,
        quantity: 1,
      });
    },
    // Refused too: a 409 past the stock means the cart (or its stock) changed since it was read.
    onSettled: () => {
      if (user) void queryClient.invalidateQueries({ queryKey: cartQueryKey(user.sub) });
    },
    // docs/product.md §8: logged only (the offer shows a refusal's sentence, issue 20).
    onError: (error) => console.error('Could not add item to cart', error.message),
  });
}
