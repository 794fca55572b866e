import { describe, expect, it } from 'vitest';
import type { Purchase } from '../../../shared/schemas/buying.js';
import {
  endedPayment,
  orderDateTime,
  partPayment,
  refundText,
  trackingLink,
  withGroups,
} from './paymentView.js';

const now = new Date(2025, 2, 1, 12, 0);
const later = new Date(2025, 2, 1, 14, 5).toISOString();

const facts = (overrides: Partial<Purchase> = {}) => ({
  payment_status: 'partially_paid' as Purchase['payment_status'],
  invoice_total: '100.00',
  amount_paid: '40.00' as string | null,
  pay_until: later as string | null,
  ...overrides,
});

describe('partPayment', () => {
  it('tells what was paid of what, what is left and until when', () => {
    expect(partPayment(facts(), now)).toEqual({
      paid: 'Paid $40.00 of $100.00',
      left: '$60.00',
      until: '2025-03-01 14:05',
    });
  });

  it('gives no deadline once the invoice stopped taking money', () => {
    expect(partPayment(facts({ pay_until: new Date(2025, 2, 1, 11).toISOString() }), now)?.until).toBe('');
    expect(partPayment(facts({ pay_until: null }), now)?.until).toBe('');
  });

  it('is nothing for an order that is not partly paid, or with no amount reported', () => {
    expect(partPayment(facts({ payment_status: 'waiting' }), now)).toBeNull();
    expect(partPayment(facts({ payment_status: 'finished', amount_paid: '97.00' }), now)).toBeNull();
    expect(partPayment(facts({ amount_paid: null }), now)).toBeNull();
    expect(partPayment(facts({ amount_paid: '100.00' }), now)).toBeNull();
  });
});

describe('refundText', () => {
  it('says Refunded for a whole refund and Partly refunded for a part', () => {
    expect(refundText({ payment_status: 'refunded', refunded_amount: '59.97' })).toBe('Refunded');
    expect(refundText({ payment_status: 'finished', refunded_amount: '12.50' })).toBe('Partly refunded');
  });

  it('says nothing when nothing was refunded', () => {
    expect(refundText({ payment_status: 'finished', refunded_amount: '0.00' })).toBeNull();
  });
});

describe('trackingLink', () => {
  it("links a known carrier's number, and nothing for others", () => {
    expect(trackingLink({ postal_service: 'USPS', tracking_number: '9400 1000 0000 0000 0000 00' })).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect(trackingLink({ postal_service: 'Canada Post', tracking_number: 'CP123456789CA' })).toBeNull();
    expect(trackingLink({ postal_service: 'UPS', tracking_number: '' })).toBeNull();
  });
});

describe('orderDateTime', () => {
  it('is the local day and time, zero-padded, or empty when unreadable', () => {
    expect(orderDateTime(new Date(2025, 0, 5, 9, 3).toISOString())).toBe('2025-01-05 09:03');
    expect(orderDateTime('soon')).toBe('');
  });
});

describe('withGroups', () => {
  const line = (id: string, group_id: string | null) => ({ id, group_id });

  it('keeps lone orders as they are and gathers a group where its first line stands', () => {
    const entries = withGroups([
      line('a', null),
      line('b', 'grp_1'),
      line('c', null),
      line('d', 'grp_1'),
      line('e', 'grp_2'),
      line('f', 'grp_2'),
    ]);
    expect(entries).toEqual([
      { kind: 'single', order: line('a', null) },
      { kind: 'group', groupId: 'grp_1', orders: [line('b', 'grp_1'), line('d', 'grp_1')] },
      { kind: 'single', order: line('c', null) },
      { kind: 'group', groupId: 'grp_2', orders: [line('e', 'grp_2'), line('f', 'grp_2')] },
    ]);
  });

  it('is empty for no orders', () => {
    expect(withGroups([])).toEqual([]);
  });
});

describe('endedPayment (issue 28)', () => {
  const facts = (
    payment_status: Purchase['payment_status'],
    amount_paid: string | null,
    settled_at: string | null = null,
  ) => ({
    payment_status,
    invoice_total: '347.96',
    amount_paid,
    settled_at,
  });
  it('tells the buyer what arrived on an order that ended, and that the seller settles it', () => {
    expect(endedPayment(facts('expired', '100.00'))).toBe(
      'Paid $100.00 of $347.96 — the seller will settle this with you',
    );
    expect(endedPayment(facts('failed', '100.00', '2026-01-01T00:00:00Z'))).toBe('Paid $100.00 of $347.96');
  });
  it('says nothing when nothing arrived or the order did not end', () => {
    expect(endedPayment(facts('expired', null))).toBeNull();
    expect(endedPayment(facts('expired', '0.00'))).toBeNull();
    expect(endedPayment(facts('partially_paid', '100.00'))).toBeNull();
  });
});
