/** Pure rules of docs/product.md §4, §5 and §9, shared by the server and the browser. */
import { CARD_IMAGE_SIZES, CARD_IMAGE_WIDTHS, LAST_MESSAGE_PREVIEW_LENGTH } from './constants.js';
import { CONDITIONS, type Condition, type ShopConfig, type SortMode } from './shops.js';
// Type only: the shop bundle must not pull in the buying schemas (and zod) through these rules.
import type { PaymentStatus } from './schemas/buying.js';

/** Cents to the API's decimal string: 1999 -> "19.99", 0 -> "0". */
export function centsToPrice(cents: number): string {
  return cents === 0 ? '0' : (cents / 100).toFixed(2);
}

/** Prices the shop accepts: up to 9,999,999.99 with at most two decimals (cents fit a 32-bit integer). */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** The largest price PRICE_PATTERN lets in, in cents: a bulk raise stops there. */
export const MAX_PRICE_CENTS = 999_999_999;

/** A decimal price string to cents; null for anything that is not a non-negative amount. */
export function priceToCents(value: string | number): number | null {
  const text = String(value).trim();
  if (!PRICE_PATTERN.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/**
 * One formatter for every price: toLocaleString with options builds a new Intl.NumberFormat per call,
 * which was the costliest function while a shop's first cards rendered on a phone.
 */
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50": prices in dollars with two decimals (docs/product.md §9). */
export function formatDollars(price: string | number): string {
  const amount = typeof price === 'number' ? price : Number(price);
  if (!Number.isFinite(amount)) return '$0.00';
  return DOLLARS.format(amount);
}

/** Typical price is shown only when greater than 0 (docs/product.md §5). */
export function showsTypicalPrice(typicalPrice: string): boolean {
  const amount = Number(typicalPrice);
  return Number.isFinite(amount) && amount > 0;
}

/** Stock labels of docs/product.md §9. */
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

/** The flat {condition}_condition_* fields of docs/product.md §3 as a list, in docs/product.md order. */
export function conditionOffers(product: ConditionFields): ConditionOffer[] {
  return CONDITIONS.map((condition) => ({
    condition,
    price: product[`${condition}_condition_price`],
    quantity: product[`${condition}_condition_available_quantity`],
  }));
}

/** Conditions the condition dropdown lists: only those with stock (docs/product.md §2). */
export function inStockOffers(offers: readonly ConditionOffer[]): ConditionOffer[] {
  return offers.filter((offer) => offer.quantity > 0);
}

/** Price range derived only from positive condition prices (docs/product.md §2); null when none is positive. */
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

/** The sort flags docs/product.md §3 keeps in local storage, per page path. */
export interface SortFlags {
  sortByViews: boolean;
  sortByRating: boolean;
  sortByPrice: 'asc' | 'desc' | null;
}

export const NO_SORT_FLAGS: SortFlags = { sortByViews: false, sortByRating: false, sortByPrice: null };

/** Sort modes are mutually exclusive (docs/product.md §4): the flags for one mode clear the others. */
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
 * the card draws it. The card renders it and the server preloads it from a shop page's HTML: one
 * function, so the preload and the card ask for the very same URL.
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

/**
 * The UTC date (YYYY-MM-DD) an affiliate price was last updated, from the product's updated_at: the
 * retailer's price may have moved since. Null for a timestamp that is not a date.
 */
export function priceDate(updatedAt: string): string | null {
  const at = new Date(updatedAt);
  return Number.isNaN(at.getTime()) ? null : at.toISOString().slice(0, 10);
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

/**
 * Payment statuses only move forward (docs/architecture.md §7): a late or replayed callback never undoes a later one.
 * Equal ranks do not replace each other; failed and expired end an order, and only a finished one can
 * still be refunded. partially_paid sits beside the ranks: NOWPayments sends it whenever the money that
 * arrived falls short, which can be after confirming or confirmed, and the buyer's top-up then moves the
 * payment on again (confirming … finished), or it fails or expires.
 */
const PAYMENT_STATUS_RANK: Record<Exclude<PaymentStatus, 'partially_paid'>, number> = {
  waiting: 0,
  confirming: 1,
  confirmed: 2,
  sending: 3,
  finished: 4,
  failed: 4,
  expired: 4,
  refunded: 5,
};

const ALL_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  ...(Object.keys(PAYMENT_STATUS_RANK) as PaymentStatus[]),
  'partially_paid',
];

/** Statuses after which the payment is over: nothing but a refund of a finished one follows them. */
function endsPayment(status: PaymentStatus): boolean {
  return status === 'finished' || status === 'failed' || status === 'expired' || status === 'refunded';
}

export function canAdvancePaymentStatus(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === 'failed' || from === 'expired' || from === 'refunded') return false;
  if (to === 'refunded') return from === 'finished';
  if (to === 'partially_paid') return from !== 'partially_paid' && !endsPayment(from);
  if (from === 'partially_paid') return to !== 'waiting';
  return PAYMENT_STATUS_RANK[to] > PAYMENT_STATUS_RANK[from];
}

/** The statuses an order may be in for `to` to replace it. */
export function paymentStatusPredecessors(to: PaymentStatus): PaymentStatus[] {
  return ALL_PAYMENT_STATUSES.filter((from) => canAdvancePaymentStatus(from, to));
}

export type PaymentStatusTone = 'paid' | 'pending' | 'failed';

/** How an order's payment reads at a glance, for buyer and seller alike: paid, money on its way, or none coming. */
export function paymentStatusTone(status: PaymentStatus): PaymentStatusTone {
  if (status === 'finished') return 'paid';
  return releasesStock(status) ? 'failed' : 'pending';
}

/** An order in one of these no longer holds its units: they go back to stock (unless they were shipped). */
export function releasesStock(status: PaymentStatus): boolean {
  return status === 'failed' || status === 'expired' || status === 'refunded';
}

/**
 * Statuses that say the buyer's money is arriving or has arrived. One of these reaching an order the
 * sweep expired means the buyer paid late: the order comes back rather than the money being lost.
 */
export function isMoneyArriving(status: PaymentStatus): boolean {
  return (
    status === 'confirming' ||
    status === 'confirmed' ||
    status === 'sending' ||
    status === 'partially_paid' ||
    status === 'finished'
  );
}

/** Only a paid order may be marked sent: the seller never ships goods the buyer has not paid for. */
export function canShipOrder(status: PaymentStatus): boolean {
  return status === 'finished';
}

/**
 * Who may delete an order in which status (docs/architecture.md §6). A buyer only while no money is on its way (a
 * payment being confirmed must not lose its order); the admin any order but a finished one.
 */
export function canDeleteOrder(status: PaymentStatus, by: 'buyer' | 'admin'): boolean {
  if (by === 'admin') return status !== 'finished';
  return status === 'waiting' || status === 'failed' || status === 'expired';
}

/**
 * docs/product.md §9: a chat's last message as the list shows it, on one line and cut at 50 characters (47 plus
 * an ellipsis). Counted in code points, so an emoji is never cut in half.
 */
export function chatPreview(text: string, max = LAST_MESSAGE_PREVIEW_LENGTH): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 3).join('')}…` : chars.join('');
}

/**
 * What a message shows as the chat's last message: its text, or for a message of images only one label
 * (the server's list and the browser's live update both use it, so they never disagree).
 */
export function chatLastMessageText(content: string, imageCount: number): string {
  if (content.trim() !== '' || imageCount === 0) return content;
  return imageCount === 1 ? 'Image' : `${imageCount} images`;
}
