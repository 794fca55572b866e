/** POST /api/products/{id}/view?shop=: counts a view when a product dialog opens (docs/product.md §4). */
import { useMutation } from '@tanstack/react-query';
import type { viewResponseSchema } from '../../shared/schemas/catalog.js';
import type { z } from 'zod';
import type { ShopKey } from '../../shared/shops.js';
import { postJson, queryString, serverChecked } from './http.js';

export function recordView(shop: ShopKey, id: number) {
  return postJson(
    `/api/products/${id}/view${queryString({ shop })}`,
    {},
    serverChecked<z.infer<typeof viewResponseSchema>>(),
  );
}

export function useRecordView(shop: ShopKey) {
  return useMutation({
    mutationFn: (id: number) => recordView(shop, id),
    // The response is unused (docs/product.md §7); a failed view count must not bother the visitor.
    onError: (error) => console.warn('Could not record the view:', error.message),
  });
}
