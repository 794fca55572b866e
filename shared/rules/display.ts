/** Small display rules: page counts, stars, gallery wrap-around, page titles and countdowns (docs/product.md §2). */
import { type ShopConfig } from '../shops.js';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Fills a star up to the rating, clamped to 0..max (docs/product.md §2 cards). */
export function filledStars(rate: number, max = 5): number {
  if (!Number.isFinite(rate)) return 0;
  return Math.min(max, Math.max(0, Math.round(rate)));
}

/** Wrap-around index for the gallery's prev/next (docs/product.md §2). */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/** A product page's title: the server's <title> for `?product=` URLs, and the tab's while the modal is open. */
export function productPageTitle(productTitle: string, shop: Pick<ShopConfig, 'name'>): string {
  return `${productTitle} | ${shop.name}`;
}

/** Seconds as the m:ss countdown of docs/product.md §2 ("4:05", "0:09", "12:00"); the server's 429 sentence uses it too. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
