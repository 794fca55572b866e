/** PUT /api/edit-product/{shop.editPathSegment}/{id} with the product form as JSON -> {ok, id}. */
import { savedProductResponseSchema, type AdminProductInput } from '../../../shared/schemas/admin.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { adminFetchJson } from './adminFetch.js';

export async function editProduct(shop: ShopConfig, id: string, body: AdminProductInput): Promise<void> {
  await adminFetchJson(
    `/api/edit-product/${shop.editPathSegment}/${encodeURIComponent(id)}`,
    savedProductResponseSchema,
    { method: 'PUT', json: body },
  );
}
