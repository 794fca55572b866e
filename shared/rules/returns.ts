/**
 * Returns with an RMA number (issue 28): the reasons a buyer picks from and the statuses a return goes
 * through, with the words both sides read. Plain data, so the shop bundle takes it without zod.
 */

/** Why the buyer sends it back, in the order the form offers them. */
export const RETURN_REASONS = [
  'not_as_described',
  'arrived_damaged',
  'does_not_work',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, string>> = {
  not_as_described: 'Not as described',
  arrived_damaged: 'Arrived damaged',
  does_not_work: 'Does not work',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

/**
 * requested → approved | rejected; approved → received; approved | received → refunded (the refund
 * call with the RMA). Rejected and refunded are final.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  requested: 'Return requested',
  approved: 'Return approved',
  rejected: 'Return rejected',
  received: 'Return received',
  refunded: 'Return refunded',
};

/** The longest note, instructions or reason a return carries. */
export const RETURN_TEXT_MAX = 1000;

export function returnReasonLabel(reason: string): string {
  return Object.hasOwn(RETURN_REASON_LABELS, reason) ? RETURN_REASON_LABELS[reason as ReturnReason] : reason;
}

export function returnStatusLabel(status: string): string {
  return Object.hasOwn(RETURN_STATUS_LABELS, status) ? RETURN_STATUS_LABELS[status as ReturnStatus] : status;
}
