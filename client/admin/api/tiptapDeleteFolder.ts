/** DELETE /api/tiptap-delete-folder/{shop}/{id}: drops all description images of a product being added. */
import { okSchema } from '../../../shared/schemas/common.js';
import type { ShopKey } from '../../../shared/shops.js';
import { adminFetchJson } from './adminFetch.js';

export async function deleteDescriptionFolder(shop: ShopKey, productId: string): Promise<void> {
  await adminFetchJson(`/api/tiptap-delete-folder/${shop}/${encodeURIComponent(productId)}`, okSchema, {
    method: 'DELETE',
  });
}
