/** POST /api/add-product?shop= with the product form as JSON -> 201 {ok, id}. */
import { savedProductResponseSchema, type AdminProductInput } from '../../../shared/schemas/admin.js';
import type { ShopKey } from '../../../shared/shops.js';
import { queryString } from '../../endpoints/http.js';
import { adminFetchJson } from './adminFetch.js';

export async function addProduct(shop: ShopKey, body: AdminProductInput): Promise<number> {
  const { id } = await adminFetchJson(
    `/api/add-product${queryString({ shop })}`,
    savedProductResponseSchema,
    {
      method: 'POST',
      json: body,
    },
  );
  return id;
}
