/**
 * DELETE /api/product-images/{shop}/{id}/{fileName}?updated_at= -> {images, updated_at?}: the gallery
 * renumbered without it. Sent with the version the edit form holds; updated_at comes back only when that
 * version was still the stored one, and is then the form's new version (the change was its own).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedProductImageResponseSchema } from '../../../shared/schemas/admin.js';
import type { ShopKey } from '../../../shared/shops.js';
import { queryString } from '../../endpoints/http.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

interface DeleteImageParams {
  shop: ShopKey;
  id: string;
  fileName: string;
  /** The version (updated_at) the edit form holds. */
  heldVersion?: string | undefined;
}

export function deleteProductImage({ shop, id, fileName, heldVersion }: DeleteImageParams) {
  return adminFetchJson(
    `/api/product-images/${shop}/${encodeURIComponent(id)}/${encodeURIComponent(fileName)}${queryString({ updated_at: heldVersion })}`,
    deletedProductImageResponseSchema,
    { method: 'DELETE' },
  );
}

export function useDeleteProductImageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductImage,
    onSuccess: ({ images }, { shop, id }) =>
      queryClient.setQueryData(adminKeys.productImages(shop, id), images),
  });
}
