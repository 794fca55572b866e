import { describe, expect, it } from 'vitest';
import { formatPriceRange, stockTone } from './priceText.js';

describe('formatPriceRange', () => {
  it('shows both ends with two decimals', () => {
    expect(formatPriceRange({ min: 12, max: 40.5 })).toBe('$12.00 – $40.50');
  });
  it('collapses an equal range to one price', () => {
    expect(formatPriceRange({ min: 9.99, max: 9.99 })).toBe('$9.99');
  });
});

describe('stockTone', () => {
  it('follows the stock labels', () => {
    expect(stockTone(0)).toBe('out');
    expect(stockTone(1)).toBe('last');
    expect(stockTone(7)).toBe('in');
  });
});
