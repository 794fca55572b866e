import { describe, expect, it } from 'vitest';
import type { Return } from '../../../shared/schemas/returns.js';
import { restockText, returnSteps, returnSummary } from './returnView.js';

const item = (overrides: Partial<Return> = {}): Return => ({
  rma: 'RMA-ABCDEFGH',
  status: 'requested',
  quantity: 1,
  reason: 'arrived_damaged',
  note: '',
  instructions: '',
  reject_reason: '',
  restock_condition: null,
  requested_at: '2026-06-01T12:00:00.000Z',
  approved_at: null,
  rejected_at: null,
  received_at: null,
  refunded_at: null,
  ...overrides,
});

describe('returnView', () => {
  it('lists the steps that happened, with their days', () => {
    expect(returnSteps(item({ approved_at: '2026-06-02T12:00:00.000Z' }))).toEqual([
      'Requested 2026-06-01',
      'Approved 2026-06-02',
    ]);
  });

  it('sums a return up in words', () => {
    expect(returnSummary(item({ quantity: 2, status: 'approved' }))).toBe(
      'Return approved · 2 units · Arrived damaged',
    );
  });

  it('says what became of the units once received', () => {
    expect(restockText(item())).toBeNull();
    expect(restockText(item({ received_at: '2026-06-03T00:00:00.000Z', restock_condition: 'good' }))).toBe(
      'Back on sale as Good',
    );
    expect(restockText(item({ received_at: '2026-06-03T00:00:00.000Z' }))).toBe('Not put back on sale');
  });
});
