import { describe, expect, it } from 'vitest';
import { conditionOffers, inStockOffers, priceRange, stockLabel } from './offers.js';

describe('open-box stock', () => {
  const product = {
    acceptable_condition_price: '0',
    acceptable_condition_available_quantity: 3,
    good_condition_price: '49.99',
    good_condition_available_quantity: 0,
    verygood_condition_price: '79.00',
    verygood_condition_available_quantity: 1,
    excellent_condition_price: '120.00',
    excellent_condition_available_quantity: 2,
  };

  it('labels stock as docs/product.md §9 says', () => {
    expect(stockLabel(0)).toBe('Out of Stock');
    expect(stockLabel(1)).toBe('Only 1 left!');
    expect(stockLabel(7)).toBe('7 - in stock');
  });

  it('lists only conditions with stock', () => {
    expect(inStockOffers(conditionOffers(product)).map((o) => o.condition)).toEqual([
      'acceptable',
      'verygood',
      'excellent',
    ]);
  });

  it('derives the price range from positive prices only', () => {
    expect(priceRange(conditionOffers(product))).toEqual({ min: 49.99, max: 120 });
    expect(priceRange([{ condition: 'good', price: '0', quantity: 4 }])).toBeNull();
  });
});
