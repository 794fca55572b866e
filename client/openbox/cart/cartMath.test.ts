import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../../shared/schemas/buying.js';
import {
  cartImageUrl,
  cartTotal,
  cartUnitCount,
  lineTotal,
  parseQuantityInput,
  withLineQuantity,
} from './cartMath.js';

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  product_id: 7,
  store: 'ayz',
  condition: 'good',
  quantity: 1,
  price: '19.99',
  title: 'Headphones',
  available_quantity: 3,
  imagecount: 2,
  updated_at: '2025-01-02T03:04:05.000Z',
  ...overrides,
});

describe('cartTotal', () => {
  it('sums price × quantity with two decimals', () => {
    expect(cartTotal([item({ quantity: 2 }), item({ condition: 'excellent', price: '5.5' })])).toBe('$45.48');
  });

  it('counts in cents, so decimal prices add up exactly', () => {
    expect(cartTotal([item({ price: '0.1' }), item({ price: '0.2' })])).toBe('$0.30');
    expect(cartTotal(Array.from({ length: 10 }, () => item({ price: '0.1' })))).toBe('$1.00');
  });

  it('is $0.00 for an empty cart, and large totals keep their separators', () => {
    expect(cartTotal([])).toBe('$0.00');
    expect(cartTotal([item({ price: '1234.5', quantity: 3 })])).toBe('$3,703.50');
  });

  it('reads an unreadable price as nothing rather than NaN', () => {
    expect(cartTotal([item({ price: 'abc' }), item({ price: '1.00' })])).toBe('$1.00');
  });
});

describe('lineTotal', () => {
  it('multiplies in cents', () => {
    expect(lineTotal(item({ price: '19.99', quantity: 3 }))).toBe('$59.97');
  });
});

describe('cartUnitCount', () => {
  it('counts units over every line, 0 with no cart', () => {
    expect(cartUnitCount([item({ quantity: 2 }), item({ condition: 'acceptable' })])).toBe(3);
    expect(cartUnitCount([])).toBe(0);
    expect(cartUnitCount(undefined)).toBe(0);
  });
});

describe('withLineQuantity', () => {
  it('changes only the line of that product, store and condition', () => {
    const cart = [item(), item({ condition: 'excellent' }), item({ product_id: 8 })];
    const next = withLineQuantity(cart, item(), 4);
    expect(next.map((line) => line.quantity)).toEqual([4, 1, 1]);
    expect(cart[0]!.quantity).toBe(1);
  });
});

describe('parseQuantityInput', () => {
  it('takes whole numbers from 1 to the maximum', () => {
    expect(parseQuantityInput('1', 99)).toBe(1);
    expect(parseQuantityInput(' 12 ', 99)).toBe(12);
    expect(parseQuantityInput('99', 99)).toBe(99);
  });

  it.each(['0', '-1', '', ' ', '1.5', '1e2', 'abc', '100', '00', '99999'])('ignores %j', (text) => {
    expect(parseQuantityInput(text, 99)).toBeNull();
  });
});

describe('cartImageUrl', () => {
  it('points at the preview of the shop folder, versioned by updated_at', () => {
    expect(cartImageUrl(item())).toBe('/images/AYZProducts/7/preview/1.webp?v=2025-01-02T03%3A04%3A05.000Z');
  });

  it('has no image for a product without pictures', () => {
    expect(cartImageUrl(item({ imagecount: 0 }))).toBeNull();
  });

  it('has no image for a store the registry does not know', () => {
    expect(cartImageUrl(item({ store: 'gone' }))).toBeNull();
  });
});
