/** DELETE /api/product-images/{shop}/{id}/{fileName} -> {images}: the gallery renumbered without it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productImagesResponseSchema } from '../../../shared/schemas/admin.js';
import type { ShopKey } from '../../../shared/shops.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

interface DeleteImageParams {
  shop: ShopKey;
  id: string;
  fileName: string;
}

export async function deleteProductImage({ shop, id, fileName }: DeleteImageParams): Promise<string[]> {
  const { images } = await adminFetchJson(
    `/api/product-images/${shop}/${encodeURIComponent(id)}/${encodeURIComponent(fileName)}`,
    productImagesResponseSchema,
    { method: 'DELETE' },
  );
  return images;
}

export function useDeleteProductImageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductImage,
    onSuccess: (images, { shop, id }) => queryClient.setQueryData(adminKeys.productImages(shop, id), images),
  });
}
