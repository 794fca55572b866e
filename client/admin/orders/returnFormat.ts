/** How the seller's screens word a return (issue 28). Pure. */
import { returnReasonLabel, returnStatusLabel } from '../../../shared/rules/returns.js';
import { RETURN_STATUSES } from '../../../shared/rules/returns.js';
import type { Return, ReturnFilter } from '../../../shared/schemas/returns.js';
import type { Field } from '../ui/FieldGrid.js';
import { conditionLabel, formatOrderDate } from './orderFormat.js';

/** The return's facts: units, reason, the buyer's note, each step's day, and the seller's words. */
export function returnFields(item: Return): Field[] {
  const fields: Field[] = [
    { label: 'Units', value: String(item.quantity) },
    { label: 'Reason', value: returnReasonLabel(item.reason) },
    { label: 'Requested', value: formatOrderDate(item.requested_at) },
  ];
  const steps: [string, string | null][] = [
    ['Approved', item.approved_at],
    ['Rejected', item.rejected_at],
    ['Received', item.received_at],
    ['Refunded', item.refunded_at],
  ];
  for (const [label, at] of steps) if (at) fields.push({ label, value: formatOrderDate(at) });
  if (item.received_at) {
    fields.push({
      label: 'Back on sale',
      value: item.restock_condition ? `Yes, as ${conditionLabel(item.restock_condition)}` : 'No',
    });
  }
  if (item.note) fields.push({ label: 'Buyer’s note', value: item.note, wide: true });
  if (item.instructions) fields.push({ label: 'Instructions', value: item.instructions, wide: true });
  if (item.reject_reason) fields.push({ label: 'Rejected because', value: item.reject_reason, wide: true });
  return fields;
}

export { returnStatusLabel };

/** Which steps the seller may take now: the legal moves from the return's status. */
export function returnSteps(status: Return['status']) {
  return {
    decide: status === 'requested',
    receive: status === 'approved',
    refund: status === 'approved' || status === 'received',
  };
}

/** What a refund of the returned units starts at: their share of the line, at most what is left. */
export function returnRefundPrefill(
  item: Pick<Return, 'quantity'>,
  line: { total_amount: string; quantity: number },
  left: string,
): string {
  const share = Math.round((Number(line.total_amount) * 100 * item.quantity) / Math.max(line.quantity, 1));
  const leftCents = Math.round(Number(left) * 100);
  return (Math.min(share, leftCents) / 100).toFixed(2);
}

/** Every filter of the returns list, in the order the menu shows them. */
export const RETURN_FILTERS: readonly ReturnFilter[] = ['all', ...RETURN_STATUSES];

/** The returns list's filter words (GET /api/admin/returns?status=). */
export const RETURN_FILTER_LABELS: Record<ReturnFilter, string> = {
  all: 'All returns',
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
};

/** ?status= from the address bar, 'all' when missing or unknown. */
export function returnFilterFrom(params: URLSearchParams): ReturnFilter {
  const status = params.get('status');
  return RETURN_FILTERS.find((filter) => filter === status) ?? 'all';
}
