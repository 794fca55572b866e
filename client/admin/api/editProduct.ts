/**
 * PUT /api/edit-product/{shop.editPathSegment}/{id} with the product form as JSON, and the version
 * (updated_at) the form was opened on -> {ok, id, updated_at}: the product's new version. A 409 means
 * the product changed since the form loaded it (ApiError with the server's sentence).
 */
import { editedProductResponseSchema, type EditProductInput } from '../../../shared/schemas/admin.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { adminFetchJson } from './adminFetch.js';

export async function editProduct(shop: ShopConfig, id: string, body: EditProductInput): Promise<string> {
  const saved = await adminFetchJson(
    `/api/edit-product/${shop.editPathSegment}/${encodeURIComponent(id)}`,
    editedProductResponseSchema,
    { method: 'PUT', json: body },
  );
  return saved.updated_at;
}
