/**
 * How My Orders tells what happened to an order's money beyond its status (issue 18): a partial payment
 * and what is left, refunds, lines paid together, and the carrier's tracking page. Pure.
 */
import { centsToPrice, formatDollars } from '../../../shared/rules/money.js';
import { invoiceBalance, refundedCents } from '../../../shared/rules/payment-amounts.js';
import { trackingUrl } from '../../../shared/rules/tracking.js';
import type { Purchase } from '../../../shared/schemas/buying.js';

export const dollars = (cents: number) => formatDollars(centsToPrice(cents));

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "2025-01-05 14:30" in the buyer's own time zone; '' if unreadable. */
export function orderDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
  return `${day} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

type PaymentFacts = Pick<Purchase, 'payment_status' | 'invoice_total' | 'amount_paid' | 'pay_until'>;

/** Whether the invoice still takes money now: it has a deadline that has not passed. */
export function invoiceOpen(order: Pick<Purchase, 'pay_until'>, now: Date): boolean {
  if (order.pay_until === null) return false;
  const until = Date.parse(order.pay_until);
  return !Number.isNaN(until) && until > now.getTime();
}

export interface PartPayment {
  /** "Paid $40.00 of $100.00" */
  paid: string;
  /** "$60.00" */
  left: string;
  /** "2025-01-05 14:30", or '' when the invoice no longer takes money. */
  until: string;
}

/**
 * What arrived for an order that ended (expired or failed) before it was paid in full (issue 28): "Paid
 * $100.00 of $347.96 — the seller will settle this with you", or, once settled, only what was paid.
 * Null for any other order.
 */
export function endedPayment(
  order: Pick<Purchase, 'payment_status' | 'invoice_total' | 'amount_paid' | 'settled_at'>,
): string | null {
  if (order.payment_status !== 'expired' && order.payment_status !== 'failed') return null;
  const { totalCents, paidCents } = invoiceBalance(order);
  if (paidCents === null || paidCents <= 0) return null;
  const paid = `Paid ${dollars(paidCents)} of ${dollars(totalCents)}`;
  return order.settled_at === null ? `${paid} — the seller will settle this with you` : paid;
}

/** A partly paid order's amounts; null for any other. */
export function partPayment(order: PaymentFacts, now: Date): PartPayment | null {
  if (order.payment_status !== 'partially_paid') return null;
  const { totalCents, paidCents, shortCents } = invoiceBalance(order);
  if (paidCents === null || shortCents === 0) return null;
  return {
    paid: `Paid ${dollars(paidCents)} of ${dollars(totalCents)}`,
    left: dollars(shortCents),
    until: invoiceOpen(order, now) && order.pay_until ? orderDateTime(order.pay_until) : '',
  };
}

/**
 * The refund badge: 'Refunded' when the whole payment went back, 'Partly refunded' when part did (the
 * card's Refunded fact gives the amount; a badge stays one short word on a phone), null when nothing was.
 */
export function refundText(order: Pick<Purchase, 'payment_status' | 'refunded_amount'>): string | null {
  if (order.payment_status === 'refunded') return 'Refunded';
  return refundedCents(order) > 0 ? 'Partly refunded' : null;
}

/** The carrier's page for the parcel, when the seller's postal service is one this shop knows. */
export function trackingLink(order: Pick<Purchase, 'postal_service' | 'tracking_number'>): string | null {
  return trackingUrl(order.postal_service, order.tracking_number);
}

export type OrderEntry<T> = { kind: 'single'; order: T } | { kind: 'group'; groupId: string; orders: T[] };

/**
 * The list as the buyer reads it: each order on its own, except lines paid together, which come as one
 * group where its first line stands (lines keep the order they were given in).
 */
export function withGroups<T extends Pick<Purchase, 'group_id'>>(orders: readonly T[]): OrderEntry<T>[] {
  const entries: OrderEntry<T>[] = [];
  const groups = new Map<string, T[]>();
  for (const order of orders) {
    if (order.group_id === null) {
      entries.push({ kind: 'single', order });
      continue;
    }
    const lines = groups.get(order.group_id);
    if (lines) {
      lines.push(order);
      continue;
    }
    const started = [order];
    groups.set(order.group_id, started);
    entries.push({ kind: 'group', groupId: order.group_id, orders: started });
  }
  return entries;
}
