import { describe, expect, it } from 'vitest';
import type { Purchase } from '../../../shared/schemas/buying.js';
import {
  conditionText,
  newestFirst,
  orderActions,
  orderDate,
  orderTotal,
  trackingText,
} from './orderView.js';

describe('orderDate', () => {
  it('is YYYY-MM-DD of the local day, zero-padded', () => {
    expect(orderDate(new Date(2025, 0, 5, 23, 59).toISOString())).toBe('2025-01-05');
    expect(orderDate(new Date(2024, 11, 31, 0, 1).toISOString())).toBe('2024-12-31');
  });

  it('is empty for an unreadable date', () => {
    expect(orderDate('yesterday')).toBe('');
    expect(orderDate('')).toBe('');
  });
});

describe('orderTotal', () => {
  it('has a dollar sign and two decimals', () => {
    expect(orderTotal('39.98')).toBe('$39.98');
    expect(orderTotal('5')).toBe('$5.00');
    expect(orderTotal('1234.5')).toBe('$1,234.50');
  });
});

describe('conditionText', () => {
  it('labels known conditions and shows others as stored', () => {
    expect(conditionText('verygood')).toMatch(/Very Good$/);
    expect(conditionText('mint')).toBe('mint');
  });
});

describe('orderActions', () => {
  const order = (payment_status: Purchase['payment_status'], invoice_url: string | null = '/pay/ord_1') => ({
    payment_status,
    invoice_url,
  });

  it('offers Pay Now and Delete Order for an unpaid order with an invoice', () => {
    expect(orderActions(order('waiting'))).toEqual({ payNow: true, delete: true });
  });

  it('offers no Delete Order for an order that received money, which is kept on record (issue 28)', () => {
    const expired = { payment_status: 'expired' as const, invoice_url: null, invoice_total: '60.00' };
    expect(orderActions({ ...expired, amount_paid: '25.00' }).delete).toBe(false);
    expect(orderActions({ ...expired, amount_paid: null }).delete).toBe(true);
  });

  it('offers neither for a finished order', () => {
    expect(orderActions(order('finished'))).toEqual({ payNow: false, delete: false });
  });

  it('has no Pay Now without an invoice', () => {
    expect(orderActions(order('waiting', null)).payNow).toBe(false);
    expect(orderActions(order('waiting', '')).payNow).toBe(false);
  });

  it('does not ask to pay an order whose invoice has ended, but lets the buyer delete it', () => {
    expect(orderActions(order('expired'))).toEqual({ payNow: false, delete: true });
    expect(orderActions(order('failed'))).toEqual({ payNow: false, delete: true });
  });

  it('offers Pay Now on a partly paid order only while its invoice takes money', () => {
    const now = new Date('2025-03-01T12:00:00.000Z');
    const partly = (pay_until: string | null) => ({ ...order('partially_paid'), pay_until });
    expect(orderActions(partly('2025-03-01T12:30:00.000Z'), now).payNow).toBe(true);
    expect(orderActions(partly('2025-03-01T11:59:59.000Z'), now).payNow).toBe(false);
    expect(orderActions(partly('not a date'), now).payNow).toBe(false);
    expect(orderActions(partly(null), now).payNow).toBe(true);
  });

  it('keeps an order whose payment is on its way (the server refuses to delete it)', () => {
    expect(orderActions(order('confirming'))).toEqual({ payNow: true, delete: false });
  });
});

describe('trackingText', () => {
  it('joins what the seller gave', () => {
    expect(trackingText({ postal_service: 'USPS', tracking_number: '9400 1' })).toBe('USPS · 9400 1');
    expect(trackingText({ postal_service: '', tracking_number: ' 123 ' })).toBe('123');
    expect(trackingText({ postal_service: ' ', tracking_number: '' })).toBe('');
  });
});

describe('newestFirst', () => {
  it('sorts by created_at descending, unreadable dates last, without touching the input', () => {
    const orders = [
      { id: 'a', created_at: '2025-01-01T10:00:00.000Z' },
      { id: 'b', created_at: 'garbage' },
      { id: 'c', created_at: '2025-03-01T10:00:00.000Z' },
      { id: 'd', created_at: '2025-02-01T10:00:00.000Z' },
    ];
    expect(newestFirst(orders).map((o) => o.id)).toEqual(['c', 'd', 'a', 'b']);
    expect(orders[0]!.id).toBe('a');
  });
});
