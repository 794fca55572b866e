import { describe, expect, it } from 'vitest';
import { formatMailTime, kindLabel, outboxQueryFrom, outboxSearchFor } from './outboxFormat.js';

describe('the outbox query in the address bar', () => {
  it('reads the filter and page, falling back to all and 1', () => {
    expect(outboxQueryFrom(new URLSearchParams('status=failing&page=3'))).toEqual({
      status: 'failing',
      page: 3,
      pageSize: 50,
    });
    expect(outboxQueryFrom(new URLSearchParams('status=lost&page=-2'))).toEqual({
      status: 'all',
      page: 1,
      pageSize: 50,
    });
  });

  it('leaves the defaults out', () => {
    expect(outboxSearchFor({ status: 'all', page: 1 })).toEqual({});
    expect(outboxSearchFor({ status: 'sent', page: 2 })).toEqual({ status: 'sent', page: '2' });
  });
});

describe('the wording', () => {
  it('dates in the admin’s time zone to the minute, a dash for none', () => {
    const at = new Date(2026, 2, 1, 9, 5);
    expect(formatMailTime(at.toISOString())).toBe('2026-03-01 09:05');
    expect(formatMailTime(null)).toBe('-');
    expect(formatMailTime('nonsense')).toBe('-');
  });

  it('reads a kind as words', () => {
    expect(kindLabel('seller_order_paid')).toBe('seller order paid');
  });
});
