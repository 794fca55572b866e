import { describe, expect, it } from 'vitest';
import {
  createCartPurchaseBodySchema,
  type CartItem,
  MAX_CART_CHECKOUT_LINES,
} from '../../../shared/schemas/buying.js';
import { buyableLines, cartPurchaseBody, offersCheckoutAll } from './cartCheckout.js';
import { shippingFromForm } from './shipping.js';

const line = (overrides: Partial<CartItem> = {}): CartItem => ({
  product_id: 12,
  store: 'ayz',
  condition: 'verygood',
  quantity: 2,
  price: '19.99',
  title: 'Speaker',
  available_quantity: 5,
  imagecount: 1,
  updated_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const shipping = (() => {
  const data = new FormData();
  const values = {
    address: '1 Main St',
    postalCode: '02139',
    city: 'Cambridge',
    state: 'MA',
    contactName: 'Ada Lovelace',
    email: 'ada@example.com',
    phoneNumber: '+1 555 0100',
  };
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return shippingFromForm(data);
})();

describe('buyableLines / offersCheckoutAll', () => {
  it('leaves out a line short of stock and one of a shop that is gone', () => {
    const cart = [
      line(),
      line({ product_id: 13, quantity: 3, available_quantity: 2 }),
      line({ product_id: 14, store: 'gone' }),
      line({ product_id: 15, available_quantity: 2 }),
    ];
    expect(buyableLines(cart).map((item) => item.product_id)).toEqual([12, 15]);
  });

  it('takes the first MAX_CART_CHECKOUT_LINES buyable lines of a longer cart, which stays checkable', () => {
    const cart = Array.from({ length: MAX_CART_CHECKOUT_LINES + 5 }, (_, i) => line({ product_id: 100 + i }));
    cart.splice(1, 0, line({ product_id: 99, available_quantity: 0 }));
    const lines = buyableLines(cart);
    expect(lines.map((item) => item.product_id)).toEqual(
      Array.from({ length: MAX_CART_CHECKOUT_LINES }, (_, i) => 100 + i),
    );
    expect(offersCheckoutAll(cart)).toBe(true);
    // The server's own schema takes the body it makes.
    expect(createCartPurchaseBodySchema.safeParse(cartPurchaseBody('sub-1', lines, shipping)).success).toBe(
      true,
    );
  });

  it('offers Checkout all only for two buyable lines or more', () => {
    expect(offersCheckoutAll([line(), line({ product_id: 13 })])).toBe(true);
    expect(offersCheckoutAll([line(), line({ product_id: 13, available_quantity: 0 })])).toBe(false);
    expect(offersCheckoutAll([line()])).toBe(false);
    expect(offersCheckoutAll(undefined)).toBe(false);
  });
});

describe('cartPurchaseBody', () => {
  const body = cartPurchaseBody(
    'sub-1',
    [line(), line({ product_id: 13, condition: 'good', quantity: 1 })],
    shipping,
  );

  it('lists the lines the buyer saw, without prices, and the one shipping form', () => {
    expect(body).toEqual({
      google_id: 'sub-1',
      store: 'ayz',
      lines: [
        { product_id: 12, condition: 'verygood', quantity: 2 },
        { product_id: 13, condition: 'good', quantity: 1 },
      ],
      email: 'ada@example.com',
      address: '1 Main St',
      postal_code: '02139',
      city: 'Cambridge',
      state_prov: 'MA',
      contact_name: 'Ada Lovelace',
      phone: '+1 555 0100',
    });
  });

  it('is a body the server accepts', () => {
    expect(createCartPurchaseBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses to build a purchase of nothing', () => {
    expect(() => cartPurchaseBody('sub-1', [], shipping)).toThrow('at least one');
  });
});
