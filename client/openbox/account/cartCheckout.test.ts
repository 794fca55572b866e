import { describe, expect, it } from 'vitest';
import { MAX_CART_CHECKOUT_LINES } from '../../../shared/constants.js';
import { createCartPurchaseBodySchema } from '../../../shared/schemas/buying.js';
import { buyableLines, cartPurchaseBody, offersCheckoutAll } from './cartCheckout.js';
import { cartLine, filledShipping, postedShipping } from './checkoutTestData.js';

describe('buyableLines / offersCheckoutAll', () => {
  it('leaves out a line short of stock and one of a shop that is gone', () => {
    const cart = [
      cartLine(),
      cartLine({ product_id: 13, quantity: 3, available_quantity: 2 }),
      cartLine({ product_id: 14, store: 'gone' }),
      cartLine({ product_id: 15, available_quantity: 2 }),
    ];
    expect(buyableLines(cart).map((item) => item.product_id)).toEqual([12, 15]);
  });

  it('takes the first MAX_CART_CHECKOUT_LINES buyable lines of a longer cart, which stays checkable', () => {
    const cart = Array.from({ length: MAX_CART_CHECKOUT_LINES + 5 }, (_, i) =>
      cartLine({ product_id: 100 + i }),
    );
    cart.splice(1, 0, cartLine({ product_id: 99, available_quantity: 0 }));
    const lines = buyableLines(cart);
    expect(lines.map((item) => item.product_id)).toEqual(
      Array.from({ length: MAX_CART_CHECKOUT_LINES }, (_, i) => 100 + i),
    );
    expect(offersCheckoutAll(cart)).toBe(true);
    // The server's own schema takes the body it makes.
    const body = cartPurchaseBody('sub-1', lines, filledShipping);
    expect(createCartPurchaseBodySchema.safeParse(body).success).toBe(true);
  });

  it('offers Checkout all only for two buyable lines or more', () => {
    expect(offersCheckoutAll([cartLine(), cartLine({ product_id: 13 })])).toBe(true);
    expect(offersCheckoutAll([cartLine(), cartLine({ product_id: 13, available_quantity: 0 })])).toBe(false);
    expect(offersCheckoutAll([cartLine()])).toBe(false);
    expect(offersCheckoutAll(undefined)).toBe(false);
  });
});

describe('cartPurchaseBody', () => {
  const body = cartPurchaseBody(
    'sub-1',
    [cartLine(), cartLine({ product_id: 13, condition: 'good', quantity: 1 })],
    filledShipping,
  );

  it('lists the lines the buyer saw, without prices, and the one shipping form', () => {
    expect(body).toEqual({
      google_id: 'sub-1',
      store: 'ayz',
      lines: [
        { product_id: 12, condition: 'verygood', quantity: 2 },
        { product_id: 13, condition: 'good', quantity: 1 },
      ],
      ...postedShipping,
    });
  });

  it('is a body the server accepts', () => {
    expect(createCartPurchaseBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses to build a purchase of nothing', () => {
    expect(() => cartPurchaseBody('sub-1', [], filledShipping)).toThrow('at least one');
  });
});
