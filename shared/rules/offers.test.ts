import { describe, expect, it } from 'vitest';
import {
  conditionOffers,
  inStockOffers,
  isForSale,
  isPricedCents,
  notForSaleSentence,
  priceRange,
  stockLabel,
  totalStock,
} from './offers.js';

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

  it('lists only conditions for sale with stock: an unpriced one is not listed, whatever its units (issue 30)', () => {
    expect(inStockOffers(conditionOffers(product)).map((o) => o.condition)).toEqual([
      'verygood',
      'excellent',
    ]);
  });

  it('counts only the units of conditions for sale', () => {
    expect(totalStock(conditionOffers(product))).toBe(3);
    expect(totalStock([{ condition: 'acceptable', price: '0.00', quantity: 4 }])).toBe(0);
  });

  it('sells a condition only at a positive price', () => {
    expect(isPricedCents(0)).toBe(false);
    expect(isPricedCents(1)).toBe(true);
    expect(isForSale({ price: '0' })).toBe(false);
    expect(isForSale({ price: '0.00' })).toBe(false);
    expect(isForSale({ price: 'abc' })).toBe(false);
    expect(isForSale({ price: '0.01' })).toBe(true);
    expect(notForSaleSentence('The Acceptable condition of this product')).toBe(
      'The Acceptable condition of this product has no price, so it is not for sale.',
    );
  });

  it('derives the price range from positive prices only', () => {
    expect(priceRange(conditionOffers(product))).toEqual({ min: 49.99, max: 120 });
    expect(priceRange([{ condition: 'good', price: '0', quantity: 4 }])).toBeNull();
  });
});
