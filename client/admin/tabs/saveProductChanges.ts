/**
 * The Edit save (docs/product.md §4): update the product, then upload the new images (named by timestamp plus
 * index), then refresh the image list. Each failing step is reported separately (docs/product.md §8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditProductInput } from '../../../shared/schemas/admin.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { editProduct } from '../api/editProduct.js';
import { adminKeys } from '../api/queryKeys.js';
import { uploadProductImages } from '../api/uploadImages.js';
import { ApiError } from '../../endpoints/http.js';
import { isAbortError } from '../../endpoints/sendWithProgress.js';
import { type TrackUpload, untracked } from '../../ui/useUploadProgress.js';
import { editUploadNames } from '../images/uploadNames.js';

export interface ProductChanges {
  shop: ShopConfig;
  id: string;
  /** The form's fields and the version (updated_at) it holds. */
  body: EditProductInput;
  rate: number;
  images: readonly Blob[];
  /** Shows the image upload's progress, with a Cancel button. */
  track?: TrackUpload | undefined;
}

/**
 * What came of a save. Once the product is updated, `version` is its new updated_at, the one the form
 * holds from then on; 'stale' is the server's 409 (the product changed since the form loaded it), with
 * its sentence, and nothing was written.
 */
export type EditOutcome =
  | { kind: 'updated' | 'upload-failed' | 'upload-cancelled'; version: string }
  | { kind: 'stale'; message: string }
  | { kind: 'update-failed' };

export async function saveProductChanges({
  shop,
  id,
  body,
  rate,
  images,
  track = untracked,
}: ProductChanges): Promise<EditOutcome> {
  let version: string;
  try {
    version = await editProduct(shop, id, body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { kind: 'stale', message: error.message };
    console.error('Could not update the product', error);
    return { kind: 'update-failed' };
  }
  if (images.length === 0) return { kind: 'updated', version };
  const names = editUploadNames(images.length, Date.now());
  try {
    const uploaded = await track((controls) =>
      uploadProductImages({
        shop,
        productId: id,
        rate,
        images: images.map((file, index) => ({ file, name: names[index] ?? `${index}.webp` })),
        heldVersion: version,
        controls,
      }),
    );
    // The upload moved the version on too; it hands the new one back while nothing else came between.
    if (uploaded.updated_at) version = uploaded.updated_at;
  } catch (error) {
    if (isAbortError(error)) return { kind: 'upload-cancelled', version };
    console.error('Could not upload the new images', error);
    return { kind: 'upload-failed', version };
  }
  return { kind: 'updated', version };
}

export function useSaveProductChangesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProductChanges,
    onSuccess: (_outcome, { shop, id }) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.productImages(shop.key, id) }),
  });
}
