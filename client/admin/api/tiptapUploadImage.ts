/** POST /api/tiptap-upload-image/{shop}/{id}, multipart field `image` -> {imageUrl}: a description image. */
import { useMutation } from '@tanstack/react-query';
import { tiptapUploadResponseSchema } from '../../../shared/schemas/admin.js';
import type { ShopKey } from '../../../shared/shops.js';
import { type TrackUpload, untracked } from '../../ui/useUploadProgress.js';
import { adminFetchJson } from './adminFetch.js';

interface UploadDescriptionImageParams {
  shop: ShopKey;
  productId: string;
  file: File;
  /** Shows the upload's progress, with a Cancel button. */
  track?: TrackUpload | undefined;
}

export async function uploadDescriptionImage({
  shop,
  productId,
  file,
  track = untracked,
}: UploadDescriptionImageParams): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const { imageUrl } = await track((controls) =>
    adminFetchJson(
      `/api/tiptap-upload-image/${shop}/${encodeURIComponent(productId)}`,
      tiptapUploadResponseSchema,
      {
        method: 'POST',
        form,
        ...controls,
      },
    ),
  );
  return imageUrl;
}

export function useUploadDescriptionImageMutation() {
  return useMutation({ mutationFn: uploadDescriptionImage });
}
