import { describe, expect, it } from 'vitest';
import {
  hasReceivedMoney,
  invoiceBalance,
  mayAcceptPayment,
  mayRestock,
  refundableCents,
  refundedCents,
} from './payment-amounts.js';

const facts = (invoice_total: string, amount_paid: string | null, refunded_amount = '0.00') => ({
  invoice_total,
  amount_paid,
  refunded_amount,
});

describe('invoiceBalance', () => {
  it('knows nothing arrived until the provider reports an amount', () => {
    expect(invoiceBalance(facts('100.00', null))).toEqual({
      totalCents: 10000,
      paidCents: null,
      shortCents: 0,
      overpaidCents: 0,
    });
  });

  it('tells what a partial payment still lacks', () => {
    expect(invoiceBalance(facts('100.00', '40.10'))).toMatchObject({ paidCents: 4010, shortCents: 5990 });
  });

  it('counts an overpayment only beyond a cent of rounding', () => {
    expect(invoiceBalance(facts('100.00', '100.01')).overpaidCents).toBe(0);
    expect(invoiceBalance(facts('100.00', '100.02')).overpaidCents).toBe(2);
    expect(invoiceBalance(facts('100.00', '112.50')).overpaidCents).toBe(1250);
  });

  it('is even when paid exactly', () => {
    expect(invoiceBalance(facts('59.97', '59.97'))).toMatchObject({ shortCents: 0, overpaidCents: 0 });
  });
});

describe('refundableCents', () => {
  it('is what arrived less what was refunded', () => {
    expect(refundableCents([facts('100.00', '100.00', '30.00')])).toBe(7000);
  });

  it('takes the invoice total when no amount was reported', () => {
    expect(refundableCents([facts('80.00', null)])).toBe(8000);
  });

  it('counts an overpayment and a short payment as what arrived', () => {
    expect(refundableCents([facts('100.00', '120.00')])).toBe(12000);
    expect(refundableCents([facts('100.00', '97.00')])).toBe(9700);
  });

  it('subtracts the refunds of every line sharing the invoice', () => {
    const group = [facts('90.00', '90.00', '10.00'), facts('90.00', '90.00', '5.00')];
    expect(refundableCents(group)).toBe(7500);
  });

  it('never goes below zero, and is zero for no lines', () => {
    expect(refundableCents([facts('10.00', '10.00', '12.00')])).toBe(0);
    expect(refundableCents([])).toBe(0);
  });
});

describe('refundedCents', () => {
  it('reads the amount, 0 when unreadable', () => {
    expect(refundedCents({ refunded_amount: '12.50' })).toBe(1250);
    expect(refundedCents({ refunded_amount: 'x' })).toBe(0);
  });
});

describe('mayRestock', () => {
  it('allows putting units back only with a refund of everything left', () => {
    expect(mayRestock(2000, 2000)).toBe(true);
    expect(mayRestock(1500, 2000)).toBe(false);
    expect(mayRestock(0, 0)).toBe(false);
  });
});

describe('hasReceivedMoney and mayAcceptPayment (issue 28)', () => {
  const order = (payment_status: string, amount_paid: string | null, extra = {}) => ({
    payment_status,
    invoice_total: '100.00',
    amount_paid,
    settled_at: null,
    paid_late: false,
    needs_attention: false,
    ...extra,
  });
  it('keeps an order once any money arrived, or once it was paid or refunded without an amount', () => {
    expect(hasReceivedMoney(order('waiting', null))).toBe(false);
    expect(hasReceivedMoney(order('expired', '0.00'))).toBe(false);
    expect(hasReceivedMoney(order('expired', '0.01'))).toBe(true);
    expect(hasReceivedMoney(order('finished', null))).toBe(true);
    expect(hasReceivedMoney(order('refunded', null))).toBe(true);
  });
  it('offers an accept only for money that arrived on an order gone wrong and not settled', () => {
    expect(mayAcceptPayment(order('expired', '40.00'))).toBe(true);
    expect(mayAcceptPayment(order('partially_paid', '40.00'))).toBe(true);
    expect(mayAcceptPayment(order('finished', '120.00'))).toBe(true);
    expect(mayAcceptPayment(order('finished', '100.00', { needs_attention: true }))).toBe(true);
    expect(mayAcceptPayment(order('finished', '100.00'))).toBe(false);
    expect(mayAcceptPayment(order('expired', null))).toBe(false);
    expect(mayAcceptPayment(order('expired', '40.00', { settled_at: '2026-01-01T00:00:00Z' }))).toBe(false);
    expect(mayAcceptPayment(order('refunded', '40.00'))).toBe(false);
  });
});
