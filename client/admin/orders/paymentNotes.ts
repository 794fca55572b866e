/** What the seller must know of an order's money (issue 18): amounts that went wrong, its group, refunds. Pure. */
import { centsToPrice, formatDollars } from '../../../shared/rules/money.js';
import { invoiceBalance, refundableCents } from '../../../shared/rules/payment-amounts.js';
import type { AdminOrder } from '../../../shared/schemas/buying.js';
import { conditionLabel, formatOrderDate } from './orderFormat.js';

const dollars = (cents: number) => formatDollars(centsToPrice(cents));

type Facts = Pick<AdminOrder, 'payment_status' | 'invoice_total' | 'amount_paid' | 'paid_late'> &
  Partial<Pick<AdminOrder, 'settled_at' | 'attention_reason'>>;

/**
 * The sentences flagging what differs from "paid exactly, in time": partly paid, accepted short (the
 * tolerance let it through), overpaid, paid late. Empty for an ordinary order.
 */
export function paymentNotes(order: Facts): string[] {
  const { totalCents, paidCents, shortCents, overpaidCents } = invoiceBalance(order);
  const notes: string[] = [];
  if (paidCents !== null) {
    const paidOf = `paid ${dollars(paidCents)} of ${dollars(totalCents)}`;
    if (order.payment_status === 'partially_paid' && shortCents > 0) {
      notes.push(`Partly paid: ${paidOf}, ${dollars(shortCents)} still to come.`);
    } else if (order.payment_status === 'finished' && shortCents > 0) {
      notes.push(`Accepted ${dollars(shortCents)} short: ${paidOf}.`);
    } else if (overpaidCents > 0) {
      notes.push(`Overpaid by ${dollars(overpaidCents)}: ${paidOf}.`);
    } else if (
      (order.payment_status === 'expired' || order.payment_status === 'failed') &&
      paidCents > 0 &&
      !order.settled_at
    ) {
      // Issue 28: the money stays on record until the seller settles it.
      notes.push(`Ended with money received: ${paidOf}. Refund it, or accept it as paid.`);
    }
  }
  if (order.attention_reason && !order.settled_at) {
    // Issue 33: money a provider reported that could not be applied to this order as its payment.
    notes.push(
      `Money arrived that does not fit this order: ${order.attention_reason} Refund it, or accept it as paid.`,
    );
  }
  if (order.paid_late) notes.push('Paid late: the money arrived after the hold had expired.');
  if (order.settled_at) notes.push(`Settled on ${formatOrderDate(order.settled_at)}.`);
  return notes;
}

/** "Paid $40.00 of $100.00", or just the invoice's total while nothing was reported. */
export function paidOfText(order: Pick<AdminOrder, 'invoice_total' | 'amount_paid'>): string {
  const { totalCents, paidCents } = invoiceBalance(order);
  return paidCents === null
    ? `${dollars(totalCents)} asked`
    : `Paid ${dollars(paidCents)} of ${dollars(totalCents)}`;
}

/** The other lines of the order's group on this page, in the page's order. */
export function otherGroupLines<T extends Pick<AdminOrder, 'group_id' | 'payment_id'>>(
  order: T,
  page: readonly T[],
): T[] {
  if (order.group_id === null) return [];
  return page.filter((line) => line.group_id === order.group_id && line.payment_id !== order.payment_id);
}

/** "Lamp · Very Good × 2": one line of a group as the seller recognises it. */
export function lineText(line: Pick<AdminOrder, 'title' | 'condition' | 'quantity'>): string {
  return `${line.title} · ${conditionLabel(line.condition)} × ${line.quantity}`;
}

/** "$12.50 on 2025-03-01 · units back on sale · TX 0x12…": one recorded refund. */
export function refundText(refund: AdminOrder['refunds'][number]): string {
  const parts = [`${formatDollars(refund.amount)} on ${formatOrderDate(refund.created_at)}`];
  if (refund.restocked) parts.push('units back on sale');
  if (refund.note.trim()) parts.push(refund.note.trim());
  return parts.join(' · ');
}

/**
 * What "Record a refund" starts with: what is left to refund of the invoice ("12.50"), counting the
 * refunds of the group's lines on this page; null when nothing can be refunded (not paid, or all back).
 */
export function refundPrefill(order: AdminOrder, groupLines: readonly AdminOrder[]): string | null {
  // A paid order, or one that ended with money received (issue 28): the server refuses the rest.
  const ended =
    order.payment_status === 'expired' ||
    order.payment_status === 'failed' ||
    Boolean(order.attention_reason);
  if (order.payment_status !== 'finished' && !(ended && (invoiceBalance(order).paidCents ?? 0) > 0))
    return null;
  const left = refundableCents([order, ...groupLines]);
  return left > 0 ? centsToPrice(left) : null;
}
