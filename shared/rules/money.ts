/** Prices: cents and the API's decimal strings, the one dollar formatter, and when a price is shown (docs/product.md §5, §9). */

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

/**
 * The UTC date (YYYY-MM-DD) an affiliate price was last updated, from the product's updated_at: the
 * retailer's price may have moved since. Null for a timestamp that is not a date.
 */
export function priceDate(updatedAt: string): string | null {
  const at = new Date(updatedAt);
  return Number.isNaN(at.getTime()) ? null : at.toISOString().slice(0, 10);
}
