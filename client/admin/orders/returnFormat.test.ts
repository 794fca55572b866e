import { describe, expect, it } from 'vitest';
import { returnRefundPrefill, returnSteps } from './returnFormat.js';

describe('returnFormat', () => {
  it('offers only the legal moves', () => {
    expect(returnSteps('requested')).toEqual({ decide: true, receive: false, refund: false });
    expect(returnSteps('approved')).toEqual({ decide: false, receive: true, refund: true });
    expect(returnSteps('received')).toEqual({ decide: false, receive: false, refund: true });
    expect(returnSteps('rejected')).toEqual({ decide: false, receive: false, refund: false });
    expect(returnSteps('refunded')).toEqual({ decide: false, receive: false, refund: false });
  });

  it("starts a return's refund at its units' share, at most what is left", () => {
    expect(returnRefundPrefill({ quantity: 1 }, { total_amount: '40.00', quantity: 2 }, '40.00')).toBe(
      '20.00',
    );
    expect(returnRefundPrefill({ quantity: 2 }, { total_amount: '40.00', quantity: 2 }, '15.50')).toBe(
      '15.50',
    );
  });
});
