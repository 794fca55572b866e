/** How My Orders words a line's returns (issue 28). Pure. */
import { returnReasonLabel, returnStatusLabel } from '../../../shared/rules/returns.js';
import type { Return } from '../../../shared/schemas/returns.js';
import { conditionLabel } from '../../../shared/shops.js';
import { countOf } from '../../ui/plural.js';
import { orderDate } from './orderView.js';

/** Each step that happened, with its day: "Requested 2026-06-01", "Approved 2026-06-02" … */
export function returnSteps(item: Return): string[] {
  const steps: [string, string | null][] = [
    ['Requested', item.requested_at],
    ['Approved', item.approved_at],
    ['Rejected', item.rejected_at],
    ['Received', item.received_at],
    ['Refunded', item.refunded_at],
  ];
  return steps.filter(([, at]) => at !== null).map(([label, at]) => `${label} ${orderDate(at!)}`);
}

/** "Return requested · 1 unit · Arrived damaged". */
export function returnSummary(item: Return): string {
  return `${returnStatusLabel(item.status)} · ${countOf(item.quantity, 'unit')} · ${returnReasonLabel(item.reason)}`;
}

/** What the seller did with the units that came back, once received. */
export function restockText(item: Return): string | null {
  if (item.received_at === null) return null;
  return item.restock_condition === null
    ? 'Not put back on sale'
    : `Back on sale as ${conditionLabel(item.restock_condition)}`;
}
