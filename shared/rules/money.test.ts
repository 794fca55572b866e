import { describe, expect, it } from 'vitest';
import { centsToPrice, priceDate, priceToCents, showsTypicalPrice } from './money.js';

describe('prices', () => {
  it('speaks decimal strings and cents', () => {
    expect(centsToPrice(1999)).toBe('19.99');
    expect(centsToPrice(0)).toBe('0');
    expect(centsToPrice(5)).toBe('0.05');
    expect(priceToCents('19.99')).toBe(1999);
    expect(priceToCents('7')).toBe(700);
    expect(priceToCents('1.005')).toBeNull();
    expect(priceToCents('-1')).toBeNull();
    expect(priceToCents('abc')).toBeNull();
  });

  it('shows a typical price only above zero', () => {
    expect(showsTypicalPrice('0')).toBe(false);
    expect(showsTypicalPrice('')).toBe(false);
    expect(showsTypicalPrice('n/a')).toBe(false);
    expect(showsTypicalPrice('0.01')).toBe(true);
  });

  it("dates an affiliate price by updated_at's UTC day", () => {
    expect(priceDate('2026-03-09T23:59:59.999Z')).toBe('2026-03-09');
    // Late evening in New York is already the next day in UTC: the date does not depend on the reader.
    expect(priceDate('2026-03-09T22:30:00-05:00')).toBe('2026-03-10');
    expect(priceDate('not a date')).toBeNull();
  });
});
