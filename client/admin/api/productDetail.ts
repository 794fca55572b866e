/** GET /api/products/{id}?shop=: the full product the Edit tab loads; any non-OK answer means "not found". */
import { useMutation } from '@tanstack/react-query';
import { productDetailSchema, type ProductDetail } from '../../../shared/schemas/catalog.js';
import type { ShopKey } from '../../../shared/shops.js';
import { queryString } from '../../endpoints/http.js';
import { adminFetchJson } from './adminFetch.js';

export function fetchProductForEdit(shop: ShopKey, id: string): Promise<ProductDetail> {
  // Fresh from the server every time: the admin edits what is stored, never a cached copy.
  return adminFetchJson(
    `/api/products/${encodeURIComponent(id)}${queryString({ shop })}`,
    productDetailSchema,
  );
}

export function useLoadProductMutation() {
  return useMutation({
    mutationFn: ({ shop, id }: { shop: ShopKey; id: string }) => fetchProductForEdit(shop, id),
  });
}
