import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../schemas/buying.js';
import { releasesStock } from './payment-status.js';
import {
  PAYMENT_STATUS_LABELS,
  paymentStatusLabel,
  paymentStatusTone,
  shippingLabel,
} from './status-labels.js';

describe('PAYMENT_STATUS_LABELS', () => {
  it('has a label for exactly the statuses the API knows', () => {
    expect(Object.keys(PAYMENT_STATUS_LABELS).sort()).toEqual([...PAYMENT_STATUSES].sort());
  });

  it('words every status for people, never as its API value', () => {
    for (const status of PAYMENT_STATUSES) {
      const label = paymentStatusLabel(status);
      expect(label, status).not.toBe(status);
      expect(label, status).not.toMatch(/_/);
      // A sentence-case word a badge shows as it is: 'Paid', never 'finished' or 'FINISHED'.
      expect(label, status).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    }
  });

  it('gives each status its own label, so two statuses never read alike', () => {
    const labels = PAYMENT_STATUSES.map(paymentStatusLabel);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('says Paid for finished and Awaiting payment for waiting', () => {
    expect(paymentStatusLabel('finished')).toBe('Paid');
    expect(paymentStatusLabel('waiting')).toBe('Awaiting payment');
  });

  it('reads an unknown status as words rather than a code or nothing', () => {
    expect(paymentStatusLabel('on_hold')).toBe('on hold');
    expect(paymentStatusLabel('')).toBe('Unknown');
    expect(paymentStatusLabel('toString')).toBe('toString');
    expect(paymentStatusLabel('__proto__')).toBe('proto');
  });
});

describe('paymentStatusTone', () => {
  it('is paid only when finished, failed when the order gave its units back, pending otherwise', () => {
    for (const status of PAYMENT_STATUSES) {
      const expected = status === 'finished' ? 'paid' : releasesStock(status) ? 'failed' : 'pending';
      expect(paymentStatusTone(status), status).toBe(expected);
    }
    const tones = Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, paymentStatusTone(status)]));
    expect(tones).toEqual({
      waiting: 'pending',
      confirming: 'pending',
      confirmed: 'pending',
      sending: 'pending',
      partially_paid: 'pending',
      finished: 'paid',
      failed: 'failed',
      refunded: 'failed',
      expired: 'failed',
    });
  });
});

describe('shippingLabel', () => {
  it('is docs/product.md’s Sent or Not Sent', () => {
    expect(shippingLabel(true)).toBe('Sent');
    expect(shippingLabel(false)).toBe('Not Sent');
  });
});
