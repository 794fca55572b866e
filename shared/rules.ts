/** Pure rules of SPEC §4, §5 and §9, shared by the server and the browser. */
import { CONDITIONS, type Condition, type ShopConfig, type SortMode } from './shops.js';

/** Cents to the API's decimal string: 1999 -> "19.99", 0 -> "0". */
export function centsToPrice(cents: number): string {
  return cents === 0 ? '0' : (cents / 100).toFixed(2);
}

/** Prices the shop accepts: up to 9,999,999.99 with at most two decimals (cents fit a 32-bit integer). */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** A decimal price string to cents; null for anything that is not a non-negative amount. */
export function priceToCents(value: string | number): number | null {
  const text = String(value).trim();
  if (!PRICE_PATTERN.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** "$1,234.50": prices in dollars with two decimals (SPEC §9). */
export function formatDollars(price: string | number): string {
  const amount = typeof price === 'number' ? price : Number(price);
  if (!Number.isFinite(amount)) return '$0.00';
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** Typical price is shown only when greater than 0 (SPEC §5). */
export function showsTypicalPrice(typicalPrice: string): boolean {
  const amount = Number(typicalPrice);
  return Number.isFinite(amount) && amount > 0;
}

/** Stock labels of SPEC §9. */
export function stockLabel(quantity: number): string {
  if (quantity <= 0) return 'Out of Stock';
  if (quantity === 1) return 'Only 1 left!';
  return `${quantity} - in stock`;
}

export interface ConditionOffer {
  condition: Condition;
  price: string;
  quantity: number;
}

type ConditionFields = { [K in `${Condition}_condition_price`]: string } & {
  [K in `${Condition}_condition_available_quantity`]: number;
};

/** The flat {condition}_condition_* fields of SPEC §3 as a list, in SPEC order. */
export function conditionOffers(product: ConditionFields): ConditionOffer[] {
  return CONDITIONS.map((condition) => ({
    condition,
    price: product[`${condition}_condition_price`],
    quantity: product[`${condition}_condition_available_quantity`],
  }));
}

/** Conditions the condition dropdown lists: only those with stock (SPEC §2). */
export function inStockOffers(offers: readonly ConditionOffer[]): ConditionOffer[] {
  return offers.filter((offer) => offer.quantity > 0);
}

/** Price range derived only from positive condition prices (SPEC §2); null when none is positive. */
export function priceRange(offers: readonly ConditionOffer[]): { min: number; max: number } | null {
  const prices = offers
    .map((offer) => Number(offer.price))
    .filter((price) => Number.isFinite(price) && price > 0);
  if (prices.length === 0) return null;
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

export function totalStock(offers: readonly ConditionOffer[]): number {
  return offers.reduce((total, offer) => total + Math.max(0, offer.quantity), 0);
}

/** The sort flags SPEC §3 keeps in local storage, per page path. */
export interface SortFlags {
  sortByViews: boolean;
  sortByRating: boolean;
  sortByPrice: 'asc' | 'desc' | null;
}

export const NO_SORT_FLAGS: SortFlags = { sortByViews: false, sortByRating: false, sortByPrice: null };

/** Sort modes are mutually exclusive (SPEC §4): the flags for one mode clear the others. */
export function sortFlagsFor(mode: SortMode): SortFlags {
  switch (mode) {
    case 'views':
      return { ...NO_SORT_FLAGS, sortByViews: true };
    case 'rating':
      return { ...NO_SORT_FLAGS, sortByRating: true };
    case 'price_asc':
      return { ...NO_SORT_FLAGS, sortByPrice: 'asc' };
    case 'price_desc':
      return { ...NO_SORT_FLAGS, sortByPrice: 'desc' };
    default:
      return NO_SORT_FLAGS;
  }
}

/** The sort mode the flags select for a shop; no flag means the shop's default order. */
export function sortModeFor(flags: SortFlags, shop: Pick<ShopConfig, 'defaultSort' | 'hasRating'>): SortMode {
  if (flags.sortByViews) return 'views';
  if (flags.sortByRating && shop.hasRating) return 'rating';
  if (flags.sortByPrice === 'asc') return 'price_asc';
  if (flags.sortByPrice === 'desc') return 'price_desc';
  return shop.defaultSort;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Fills a star up to the rating, clamped to 0..max (SPEC §2 cards). */
export function filledStars(rate: number, max = 5): number {
  if (!Number.isFinite(rate)) return 0;
  return Math.min(max, Math.max(0, Math.round(rate)));
}

/** Wrap-around index for the gallery's prev/next (SPEC §2). */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/** The gallery's image URLs: 1..imagecount .webp under the shop's folder (SPEC §3). */
export function galleryImageUrls(folder: string, id: number, imagecount: number, version?: string): string[] {
  const count = Math.max(1, imagecount);
  const suffix = version ? `?v=${encodeURIComponent(version)}` : '';
  return Array.from({ length: count }, (_, i) => `/images/${folder}/${id}/${i + 1}.webp${suffix}`);
}

export function previewImageUrl(folder: string, id: number, version?: string): string {
  const suffix = version ? `?v=${encodeURIComponent(version)}` : '';
  return `/images/${folder}/${id}/preview/1.webp${suffix}`;
}

/** Seconds as the m:ss countdown of SPEC §2 ("4:05", "0:09", "12:00"); the server's 429 sentence uses it too. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
