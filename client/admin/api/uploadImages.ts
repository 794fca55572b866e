/**
 * POST /api/upload-images, multipart: repeated `images` files plus productId, shopType and, for rated
 * shops, rate. A product that does not exist yet gets the files as its gallery in the order sent. The
 * Edit form also sends the version it holds (updated_at), and gets the product's new one back while
 * that was still current.
 */
import { type UploadImagesResponse, uploadImagesResponseSchema } from '../../../shared/schemas/admin.js';
import type { ShopConfig } from '../../../shared/shops.js';
import type { UploadControls } from '../../ui/useUploadProgress.js';
import { adminFetchJson } from './adminFetch.js';

export interface NamedImage {
  file: Blob;
  /** The name the file is sent under, e.g. 1.webp. */
  name: string;
}

interface UploadImagesParams {
  shop: ShopConfig;
  productId: string;
  /** The add form: the server refuses (409) rather than append to a product that already exists. */
  forNewProduct?: boolean;
  rate: number;
  images: readonly NamedImage[];
  /** The version (updated_at) the edit form holds. */
  heldVersion?: string | undefined;
  /** Progress and cancel for the screen's upload bar. */
  controls?: UploadControls | undefined;
}

export async function uploadProductImages({
  shop,
  productId,
  forNewProduct = false,
  rate,
  images,
  heldVersion,
  controls,
}: UploadImagesParams): Promise<UploadImagesResponse> {
  const form = new FormData();
  form.append('productId', productId);
  form.append('shopType', shop.key);
  if (forNewProduct) form.append('forNewProduct', 'true');
  if (shop.hasRating) form.append('rate', String(rate));
  if (heldVersion !== undefined) form.append('updated_at', heldVersion);
  for (const image of images) form.append('images', image.file, image.name);
  return adminFetchJson('/api/upload-images', uploadImagesResponseSchema, {
    method: 'POST',
    form,
    ...controls,
  });
}
