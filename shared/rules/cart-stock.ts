/**
 * How many units of a condition one cart line may hold (issue 20): never more than are in stock. The
 * server refuses an add or a quantity change past it with one of these sentences (409), the cart shows
 * a line whose stock fell below its quantity with `shortLineSentence`. Pure; no zod, so the shop bundle
 * may use it.
 */

/** "1 is", "2 are": a count as the subject of a sentence. */
function countIs(count: number): string {
  return `${count} ${count === 1 ? 'is' : 'are'}`;
}

/** "it is", "both are", "all 3 are": every unit left, as the subject of a sentence. */
function allOf(left: number): string {
  if (left === 1) return 'it is';
  if (left === 2) return 'both are';
  return `all ${left} are`;
}

/** None left of a condition (its label, 'Very Good'): nothing more of it can go in the cart. */
export function outOfStockSentence(conditionLabel: string): string {
  return `The ${conditionLabel} condition is out of stock.`;
}

/** A line holding more than is left (the stock fell after it was added): what to do about it. */
export function shortLineSentence(left: number, inCart: number): string {
  return `Only ${left} left — your cart holds ${inCart}: lower the quantity to ${left}.`;
}

export interface CartStockRequest {
  /** Units of the condition in stock now (1 or more: none left is the out-of-stock sentence). */
  left: number;
  /** Units the buyer's line holds now (0 when there is no line yet). */
  inCart: number;
  /** 'add': ADD TO CART adds `quantity` units; 'set': the cart's quantity becomes `quantity`. */
  change: 'add' | 'set';
  quantity: number;
}

/** The units the line would hold after the request. */
export function requestedTotal({ inCart, change, quantity }: CartStockRequest): number {
  return change === 'add' ? inCart + quantity : quantity;
}

/**
 * Why the request would take the line past the stock, as the buyer reads it; undefined when it fits.
 * The case, one left and already in the cart: 'Only 1 left — it is already in your cart.'
 */
export function cartStockRefusal(request: CartStockRequest): string | undefined {
  const { left, inCart, change } = request;
  if (requestedTotal(request) <= left) return undefined;
  if (inCart > left) return shortLineSentence(left, inCart);
  if (inCart === left) return `Only ${left} left — ${allOf(left)} already in your cart.`;
  if (change === 'set') return `Only ${left} left — choose ${left} or fewer.`;
  if (inCart === 0) return `Only ${left} left — you can add at most ${left}.`;
  return `Only ${left} left — ${countIs(inCart)} in your cart, so you can add ${left - inCart} more.`;
}
