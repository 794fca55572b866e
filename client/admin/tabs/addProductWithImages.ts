/**
 * The Add submit (docs/product.md §4): pending images are uploaded first, named 1.webp, 2.webp… in gallery order;
 * only if that succeeds is the product created.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductInput } from '../../../shared/schemas/admin.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { addProduct } from '../api/addProduct.js';
import { adminKeys } from '../api/queryKeys.js';
import { uploadProductImages } from '../api/uploadImages.js';
import { isAbortError } from '../../endpoints/sendWithProgress.js';
import { type TrackUpload, untracked } from '../../ui/useUploadProgress.js';
import { addUploadNames } from '../images/uploadNames.js';

export interface NewProduct {
  shop: ShopConfig;
  id: string;
  body: AdminProductInput;
  rate: number;
  images: readonly Blob[];
  /** Shows the image upload's progress, with a Cancel button. */
  track?: TrackUpload | undefined;
}

export type AddOutcome =
  | { kind: 'created'; id: number }
  | { kind: 'upload-failed' }
  | { kind: 'upload-cancelled' }
  | { kind: 'create-failed'; message: string };

export async function addProductWithImages({
  shop,
  id,
  body,
  rate,
  images,
  track = untracked,
}: NewProduct): Promise<AddOutcome> {
  const names = addUploadNames(images.length);
  if (images.length > 0) {
    try {
      await track((controls) =>
        uploadProductImages({
          shop,
          productId: id,
          forNewProduct: true,
          rate,
          images: images.map((file, index) => ({ file, name: names[index] ?? `${index + 1}.webp` })),
          controls,
        }),
      );
    } catch (error) {
      if (isAbortError(error)) return { kind: 'upload-cancelled' };
      console.error('error loading images', error);
      return { kind: 'upload-failed' };
    }
  }
  try {
    // Naming the uploaded files lets the server drop leftovers of an abandoned add under this id.
    return { kind: 'created', id: await addProduct(shop.key, { ...body, images: names }) };
  } catch (error) {
    console.error('Could not create the product', error);
    return { kind: 'create-failed', message: error instanceof Error ? error.message : String(error) };
  }
}

export function useAddProductMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProductWithImages,
    onSuccess: (outcome, { shop }) => {
      if (outcome.kind !== 'created') return;
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories(shop.key) });
    },
  });
}
