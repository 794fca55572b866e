import { describe, expect, it } from 'vitest';
import {
  conditionLabel,
  dashIfEmpty,
  EMPTY_FIELD,
  formatOrderDate,
  orderShop,
  ordersAdminRoute,
} from './orderFormat.js';

describe('dashIfEmpty', () => {
  it('shows a dash for empty, blank or missing values and the text otherwise', () => {
    expect(dashIfEmpty('')).toBe(EMPTY_FIELD);
    expect(dashIfEmpty('   ')).toBe(EMPTY_FIELD);
    expect(dashIfEmpty(null)).toBe(EMPTY_FIELD);
    expect(dashIfEmpty(undefined)).toBe(EMPTY_FIELD);
    expect(dashIfEmpty(' Ontario ')).toBe('Ontario');
    expect(EMPTY_FIELD).toBe('-');
  });
});

describe('formatOrderDate', () => {
  it('gives YYYY-MM-DD with zero padding', () => {
    expect(formatOrderDate(new Date(2024, 0, 5, 9, 3).toISOString())).toBe('2024-01-05');
    expect(formatOrderDate(new Date(2025, 11, 31, 12).toISOString())).toBe('2025-12-31');
  });

  it('uses the local calendar day, not the UTC one', () => {
    // A zone away from UTC, so a UTC-based date would name the wrong day here.
    const zone = process.env.TZ;
    for (const tz of ['America/Los_Angeles', 'Asia/Tokyo']) {
      process.env.TZ = tz;
      try {
        expect(formatOrderDate(new Date(2024, 6, 14, 23, 59).toISOString())).toBe('2024-07-14');
        expect(formatOrderDate(new Date(2024, 6, 14, 0, 1).toISOString())).toBe('2024-07-14');
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    }
  });

  it('shows a dash for a date it cannot read', () => {
    expect(formatOrderDate('')).toBe(EMPTY_FIELD);
    expect(formatOrderDate('not a date')).toBe(EMPTY_FIELD);
  });
});

describe('orderShop', () => {
  it('finds the registry entry of the order’s store, and nothing for an unknown one', () => {
    expect(orderShop({ store: 'ayz' })?.imageFolder).toBe('AYZProducts');
    expect(orderShop({ store: 'constructor' })).toBeUndefined();
    expect(orderShop({ store: 'gone' })).toBeUndefined();
  });
});

describe('conditionLabel', () => {
  it('names known conditions and shows others as stored', () => {
    expect(conditionLabel('verygood')).toBe('Very Good');
    expect(conditionLabel('excellent')).toBe('Excellent');
    expect(conditionLabel('mint')).toBe('mint');
    expect(conditionLabel('toString')).toBe('toString');
    expect(conditionLabel('')).toBe(EMPTY_FIELD);
  });
});

describe('ordersAdminRoute', () => {
  it('goes to the admin of the shop that takes orders (docs/product.md §2: /ayzadmin)', () => {
    expect(ordersAdminRoute()).toBe('/ayzadmin');
  });
});
