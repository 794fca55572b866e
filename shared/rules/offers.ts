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
