/**
 * The Edit save (docs/product.md §4): update the product, then upload the new images (named by timestamp plus
 * index), then refresh the image list. Each failing step is reported separately (docs/product.md §8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductInput } from '../../../shared/schemas/admin.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { editProduct } from '../api/editProduct.js';
import { adminKeys } from '../api/queryKeys.js';
import { uploadProductImages } from '../api/uploadImages.js';
import { isAbortError } from '../../endpoints/sendWithProgress.js';
import { type TrackUpload, untracked } from '../../ui/useUploadProgress.js';
import { editUploadNames } from '../images/uploadNames.js';

export interface ProductChanges {
  shop: ShopConfig;
  id: string;
  body: AdminProductInput;
  rate: number;
  images: readonly Blob[];
  /** Shows the image upload's progress, with a Cancel button. */
  track?: TrackUpload | undefined;
}

export type EditOutcome = 'updated' | 'update-failed' | 'upload-failed' | 'upload-cancelled';

export async function saveProductChanges({
  shop,
  id,
  body,
  rate,
  images,
  track = untracked,
}: ProductChanges): Promise<EditOutcome> {
  try {
    await editProduct(shop, id, body);
  } catch (error) {
    console.error('Could not update the product', error);
    return 'update-failed';
  }
  if (images.length === 0) return 'updated';
  const names = editUploadNames(images.length, Date.now());
  try {
    await track((controls) =>
      uploadProductImages({
        shop,
        productId: id,
        rate,
        images: images.map((file, index) => ({ file, name: names[index] ?? `${index}.webp` })),
        controls,
      }),
    );
  } catch (error) {
    if (isAbortError(error)) return 'upload-cancelled';
    console.error('Could not upload the new images', error);
    return 'upload-failed';
  }
  return 'updated';
}

export function useSaveProductChangesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProductChanges,
    onSuccess: (_outcome, { shop, id }) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.productImages(shop.key, id) }),
  });
}
