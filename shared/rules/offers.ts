/** An open-box product's condition offers: stock labels, offers in stock, price range and total stock (docs/product.md §9). */
import { CONDITIONS, type Condition } from '../shops.js';

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

/**
 * THE RULE (docs/product.md §9, issue 30): a condition is for sale only at a positive price. An
 * unpriced one (price 0) is not listed, not counted in the stock or the price range, not sold and not
 * offered to search engines, however many units it has. In cents, for the server; the SQL that cannot
 * call this says the same as `price_cents > 0` (stock/repository.ts: the derived stock and price, and a
 * purchase's decrement).
 */
export function isPricedCents(cents: number): boolean {
  return cents > 0;
}

/** The rule above for an offer whose price is the API's decimal string ("0", "49.99"). */
export function isForSale(offer: Pick<ConditionOffer, 'price'>): boolean {
  const price = Number(offer.price);
  return Number.isFinite(price) && isPricedCents(Math.round(price * 100));
}

/** The buyer's sentence for a condition that has no price (the cart's and checkout's 409); `named` is its subject. */
export function notForSaleSentence(named: string): string {
  return `${named} has no price, so it is not for sale.`;
}

/** Conditions the condition dropdown lists and JSON-LD offers: for sale, with stock (docs/product.md §2). */
export function inStockOffers(offers: readonly ConditionOffer[]): ConditionOffer[] {
  return offers.filter((offer) => isForSale(offer) && offer.quantity > 0);
}

/** Price range derived only from conditions for sale (docs/product.md §2); null when none is. */
export function priceRange(offers: readonly ConditionOffer[]): { min: number; max: number } | null {
  const prices = offers.filter(isForSale).map((offer) => Number(offer.price));
  if (prices.length === 0) return null;
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** Units on sale: those of conditions for sale (the server's derived `stock_quantity` counts the same). */
export function totalStock(offers: readonly ConditionOffer[]): number {
  return offers.filter(isForSale).reduce((total, offer) => total + Math.max(0, offer.quantity), 0);
}
