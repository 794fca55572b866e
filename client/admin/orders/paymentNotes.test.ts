import { describe, expect, it } from 'vitest';
import { adminOrder as order } from '../api/testData.js';
import {
  lineText,
  otherGroupLines,
  paidOfText,
  paymentNotes,
  refundPrefill,
  refundText,
} from './paymentNotes.js';

describe('paymentNotes', () => {
  it('tells an order that ended with money received until it is settled (issue 28)', () => {
    expect(paymentNotes(order({ payment_status: 'expired', amount_paid: '25.00' }))).toEqual([
      'Ended with money received: paid $25.00 of $100.00. Refund it, or accept it as paid.',
    ]);
    expect(paymentNotes(order({ payment_status: 'expired', amount_paid: '0.00' }))).toEqual([]);
    expect(
      paymentNotes(
        order({ payment_status: 'refunded', amount_paid: '25.00', settled_at: '2026-03-02T10:00:00Z' }),
      ),
    ).toEqual(['Settled on 2026-03-02.']);
  });

  it('offers a refund of what arrived on an order that ended with money, and none without', () => {
    expect(refundPrefill(order({ payment_status: 'expired', amount_paid: '25.00' }), [])).toBe('25.00');
    expect(refundPrefill(order({ payment_status: 'expired', amount_paid: null }), [])).toBeNull();
    expect(refundPrefill(order({ payment_status: 'waiting', amount_paid: '25.00' }), [])).toBeNull();
  });

  it('says nothing of an order paid exactly and in time', () => {
    expect(paymentNotes(order())).toEqual([]);
    expect(paymentNotes(order({ amount_paid: null }))).toEqual([]);
  });

  it('tells a partly paid order with what is still to come', () => {
    expect(paymentNotes(order({ payment_status: 'partially_paid', amount_paid: '40.00' }))).toEqual([
      'Partly paid: paid $40.00 of $100.00, $60.00 still to come.',
    ]);
  });

  it('tells a short payment the tolerance accepted', () => {
    expect(paymentNotes(order({ amount_paid: '97.00' }))).toEqual([
      'Accepted $3.00 short: paid $97.00 of $100.00.',
    ]);
  });

  it('tells an overpayment beyond rounding, and a late one', () => {
    expect(paymentNotes(order({ amount_paid: '112.50', paid_late: true }))).toEqual([
      'Overpaid by $12.50: paid $112.50 of $100.00.',
      'Paid late: the money arrived after the hold had expired.',
    ]);
    expect(paymentNotes(order({ amount_paid: '100.01' }))).toEqual([]);
  });
});

describe('paidOfText', () => {
  it('shows what arrived of the invoice, or what is asked while nothing was reported', () => {
    expect(paidOfText(order({ amount_paid: '40.00' }))).toBe('Paid $40.00 of $100.00');
    expect(paidOfText(order({ amount_paid: null, invoice_total: '1234.50' }))).toBe('$1,234.50 asked');
  });
});

describe('otherGroupLines', () => {
  const a = order({ payment_id: 'a', group_id: 'grp_1' });
  const b = order({ payment_id: 'b', group_id: 'grp_1' });
  const c = order({ payment_id: 'c', group_id: null });
  const d = order({ payment_id: 'd', group_id: 'grp_2' });

  it("finds the group's other lines on the page", () => {
    expect(otherGroupLines(a, [a, b, c, d])).toEqual([b]);
  });

  it('finds none for a line bought alone', () => {
    expect(otherGroupLines(c, [a, b, c, d])).toEqual([]);
  });
});

describe('lineText', () => {
  it('names title, condition and quantity', () => {
    expect(lineText(order())).toBe('Lamp · Very Good × 2');
  });
});

describe('refundText', () => {
  it('tells amount, day, restock and note', () => {
    const at = new Date(2025, 2, 4, 12).toISOString();
    expect(refundText({ amount: '12.5', note: ' TX 0xab ', restocked: true, created_at: at })).toBe(
      '$12.50 on 2025-03-04 · units back on sale · TX 0xab',
    );
    expect(refundText({ amount: '3.00', note: '', restocked: false, created_at: at })).toBe(
      '$3.00 on 2025-03-04',
    );
  });
});

describe('refundPrefill', () => {
  it('is what is left of the payment', () => {
    expect(refundPrefill(order({ refunded_amount: '30.00' }), [])).toBe('70.00');
    expect(refundPrefill(order({ amount_paid: '97.00' }), [])).toBe('97.00');
  });

  it("counts the group's refunds on this page", () => {
    const group = { group_id: 'grp_1', invoice_total: '150.00', amount_paid: '150.00' };
    const line = order({ ...group, refunded_amount: '10.00' });
    const other = order({ ...group, payment_id: 'ord_2', refunded_amount: '15.00' });
    expect(refundPrefill(line, [other])).toBe('125.00');
  });

  it('is nothing for an order not paid, or refunded in full', () => {
    expect(refundPrefill(order({ payment_status: 'partially_paid' }), [])).toBeNull();
    expect(refundPrefill(order({ payment_status: 'refunded', refunded_amount: '100.00' }), [])).toBeNull();
    expect(refundPrefill(order({ refunded_amount: '100.00' }), [])).toBeNull();
  });
});
