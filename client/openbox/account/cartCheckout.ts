/** "Checkout all" (issue 18): which cart lines it buys and the body it posts. Pure. */
import { MAX_CART_CHECKOUT_LINES } from '../../../shared/constants.js';
import type { CartItem, CreateCartPurchaseBody } from '../../../shared/schemas/buying.js';
import { knownStore, storeOf } from '../cart/cartMath.js';
import { shippingBody, type ShippingForm } from './shipping.js';

/** A line that can be bought as it stands: its shop still exists and enough units are in stock. */
export function canBuyLine(item: CartItem): boolean {
  return storeOf(item) !== undefined && item.quantity >= 1 && item.available_quantity >= item.quantity;
}

/**
 * The lines "Checkout all" buys, in the cart's order: those that can be bought, up to the
 * MAX_CART_CHECKOUT_LINES one payment takes. The others stay in the cart.
 */
export function buyableLines(items: readonly CartItem[] | undefined): CartItem[] {
  return (items ?? []).filter(canBuyLine).slice(0, MAX_CART_CHECKOUT_LINES);
}

/** "Checkout all" is offered only where it saves something: two lines or more that can be bought. */
export function offersCheckoutAll(items: readonly CartItem[] | undefined): boolean {
  return buyableLines(items).length >= 2;
}

/**
 * POST /api/create-cart-purchase's body: the lines as the buyer saw them (the server prices them from
 * the database) and one shipping form for all.
 */
export function cartPurchaseBody(
  googleId: string,
  lines: readonly CartItem[],
  shipping: ShippingForm,
): CreateCartPurchaseBody {
  const [first] = lines;
  if (!first) throw new Error('Checkout all needs at least one cart line.');
  return {
    google_id: googleId,
    // One shop sells on site and holds the cart, so every line is of the first line's shop.
    store: knownStore(first),
    lines: lines.map((line) => ({
      product_id: line.product_id,
      condition: line.condition,
      quantity: line.quantity,
    })),
    ...shippingBody(shipping),
  };
}
