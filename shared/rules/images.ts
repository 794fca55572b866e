/** Where a product's pictures are: gallery, card variants and preview URLs, and none for a product without pictures. */
import { CARD_IMAGE_SIZES, CARD_IMAGE_WIDTHS } from '../constants.js';

/**
 * The gallery's image URLs: 1..imagecount .webp under the shop's folder (docs/product.md §3); none for a
 * product without pictures, whose screens show a placeholder instead of asking for a file that is not there.
 */
export function galleryImageUrls(folder: string, id: number, imagecount: number, version?: string): string[] {
  const count = Math.max(0, imagecount);
  const suffix = version ? `?v=${encodeURIComponent(version)}` : '';
  return Array.from({ length: count }, (_, i) => `/images/${folder}/${id}/${i + 1}.webp${suffix}`);
}

/** A smaller copy of gallery image `n` (1-based), `width` px wide, made by the server on first request. */
export function imageVariantUrl(
  folder: string,
  id: number,
  n: number,
  width: number,
  version?: string,
): string {
  const suffix = version ? `?v=${encodeURIComponent(version)}` : '';
  return `/images/${folder}/${id}/w/${width}/${n}.webp${suffix}`;
}

/** An <img srcset> of gallery image `n` in the given widths, so the browser picks by its screen. */
export function imageSrcSet(
  folder: string,
  id: number,
  n: number,
  widths: readonly number[],
  version?: string,
): string {
  return widths.map((width) => `${imageVariantUrl(folder, id, n, width, version)} ${width}w`).join(', ');
}

/**
 * A product card's picture: the 320 px copy for browsers without srcset, the card widths and how wide
 * the card draws it.
 */
export function cardPicture(
  folder: string,
  product: { id: number; updated_at: string; imagecount: number },
): { src: string; srcSet: string; sizes: string } | null {
  if (product.imagecount < 1) return null;
  return {
    src: imageVariantUrl(folder, product.id, 1, 320, product.updated_at),
    srcSet: imageSrcSet(folder, product.id, 1, CARD_IMAGE_WIDTHS, product.updated_at),
    sizes: CARD_IMAGE_SIZES,
  };
}

export function previewImageUrl(folder: string, id: number, version?: string): string {
  const suffix = version ? `?v=${encodeURIComponent(version)}` : '';
  return `/images/${folder}/${id}/preview/1.webp${suffix}`;
}

/**
 * A product's preview picture (cart lines, orders, link previews), or null when it has none: a request for
 * a file that is not there would only answer 404 into the visitor's console.
 */
export function productPreviewUrl(
  folder: string,
  product: { product_id: number; imagecount: number; updated_at?: string },
): string | null {
  return product.imagecount > 0 ? previewImageUrl(folder, product.product_id, product.updated_at) : null;
}
