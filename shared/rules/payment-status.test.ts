import { describe, expect, it } from 'vitest';
import {
  takesPayment,
  canAdvancePaymentStatus,
  canDeleteOrder,
  canShipOrder,
  isMoneyArriving,
  paymentStatusPredecessors,
  releasesStock,
} from './payment-status.js';
import { PAYMENT_STATUSES } from '../schemas/buying.js';

describe('payment statuses', () => {
  it('move only forward: a late or repeated callback never undoes a later one', () => {
    expect(canAdvancePaymentStatus('waiting', 'confirming')).toBe(true);
    expect(canAdvancePaymentStatus('confirming', 'finished')).toBe(true);
    expect(canAdvancePaymentStatus('waiting', 'finished')).toBe(true);
    expect(canAdvancePaymentStatus('finished', 'waiting')).toBe(false);
    expect(canAdvancePaymentStatus('finished', 'finished')).toBe(false);
    expect(canAdvancePaymentStatus('sending', 'confirming')).toBe(false);
  });

  it('let partially_paid follow any status still under way, and the payment move on from it', () => {
    expect(paymentStatusPredecessors('partially_paid').sort()).toEqual([
      'confirmed',
      'confirming',
      'sending',
      'waiting',
    ]);
    for (const next of ['confirming', 'confirmed', 'sending', 'finished', 'failed', 'expired'] as const) {
      expect(canAdvancePaymentStatus('partially_paid', next), next).toBe(true);
    }
    for (const next of ['waiting', 'partially_paid', 'refunded'] as const) {
      expect(canAdvancePaymentStatus('partially_paid', next), next).toBe(false);
    }
    for (const end of ['finished', 'failed', 'expired', 'refunded'] as const) {
      expect(canAdvancePaymentStatus(end, 'partially_paid'), end).toBe(false);
    }
  });

  it('never turn a failed or expired order into a finished one; refund only a finished one', () => {
    for (const end of ['failed', 'expired'] as const) {
      expect(canAdvancePaymentStatus(end, 'finished')).toBe(false);
      expect(canAdvancePaymentStatus(end, 'refunded')).toBe(false);
      expect(canAdvancePaymentStatus('finished', end)).toBe(false);
    }
    expect(paymentStatusPredecessors('refunded')).toEqual(['finished']);
    expect(paymentStatusPredecessors('waiting')).toEqual([]);
    expect(paymentStatusPredecessors('finished').sort()).toEqual([
      'confirmed',
      'confirming',
      'partially_paid',
      'sending',
      'waiting',
    ]);
  });

  it('say which statuses mean money is arriving (what revives an order the sweep expired)', () => {
    expect(PAYMENT_STATUSES.filter(isMoneyArriving)).toEqual([
      'confirming',
      'confirmed',
      'sending',
      'partially_paid',
      'finished',
    ]);
  });

  it('say which statuses give units back and who may delete', () => {
    expect(['failed', 'expired', 'refunded'].every((s) => releasesStock(s as 'failed'))).toBe(true);
    expect(releasesStock('finished')).toBe(false);
    expect(canDeleteOrder('finished', 'admin')).toBe(false);
    expect(canDeleteOrder('finished', 'buyer')).toBe(false);
    expect(canDeleteOrder('confirming', 'admin')).toBe(true);
    expect(canDeleteOrder('confirming', 'buyer')).toBe(false);
    expect(canDeleteOrder('waiting', 'buyer')).toBe(true);
    expect(PAYMENT_STATUSES.filter(canShipOrder)).toEqual(['finished']);
  });
});

describe('takesPayment', () => {
  it('offers Pay Now only while the payment is not over', () => {
    expect(PAYMENT_STATUSES.filter(takesPayment)).toEqual(
      PAYMENT_STATUSES.filter((status) => !['finished', 'failed', 'expired', 'refunded'].includes(status)),
    );
    expect(takesPayment('partially_paid')).toBe(true);
    expect(takesPayment('expired')).toBe(false);
  });
});
