/** How My Orders (docs/product.md §2, §4, §9) words, dates and orders a buyer's purchases. Pure. */
import { formatDollars } from '../../../shared/rules/money.js';
import { hasReceivedMoney } from '../../../shared/rules/payment-amounts.js';
import { canDeleteOrder, releasesStock } from '../../../shared/rules/payment-status.js';
import type { Purchase } from '../../../shared/schemas/buying.js';
import { conditionWithEmoji } from '../../../shared/shops.js';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD (docs/product.md §9) of the day the buyer placed the order, in their own time zone; '' if unreadable. */
export function orderDate(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** "$39.98": totals in dollars with two decimals (docs/product.md §9). */
export function orderTotal(totalAmount: string): string {
  return formatDollars(totalAmount);
}

/** '🟢 Very Good': the condition bought, with its emoji (shared/shops.ts). */
export function conditionText(condition: string): string {
  return conditionWithEmoji(condition);
}

export interface OrderActions {
  /** docs/product.md §4: an unpaid order with an invoice shows Pay Now. */
  payNow: boolean;
  /** docs/product.md §4: an unpaid order shows Delete Order (only those the server lets a buyer delete). */
  delete: boolean;
}

/**
 * Pay Now is for an order that can still be paid: not finished, not ended (failed, expired, refunded)
 * and not past its invoice's deadline, since its invoice no longer takes money.
 */
export function orderActions(
  order: Pick<Purchase, 'payment_status' | 'invoice_url'> &
    Partial<Pick<Purchase, 'pay_until' | 'invoice_total' | 'amount_paid'>>,
  now: Date = new Date(),
): OrderActions {
  const ended = releasesStock(order.payment_status);
  // A partly paid invoice keeps taking money until pay_until (issue 18); after that its link is dead.
  const pastDeadline = order.pay_until != null && !(Date.parse(order.pay_until) > now.getTime());
  return {
    payNow: order.payment_status !== 'finished' && !ended && !pastDeadline && Boolean(order.invoice_url),
    // An order that received money is kept on record (issue 28): the server refuses to delete it.
    delete:
      canDeleteOrder(order.payment_status, 'buyer') &&
      !hasReceivedMoney({
        payment_status: order.payment_status,
        invoice_total: order.invoice_total ?? '0',
        amount_paid: order.amount_paid ?? null,
      }),
  };
}

/** What the order's shipping line reads: the postal service and tracking number when the seller gave any. */
export function trackingText(order: Pick<Purchase, 'postal_service' | 'tracking_number'>): string {
  return [order.postal_service.trim(), order.tracking_number.trim()].filter(Boolean).join(' · ');
}

/** Newest first (by created_at, then as listed), without changing the list it was given. */
export function newestFirst<T extends Pick<Purchase, 'created_at'>>(orders: readonly T[]): T[] {
  const time = (order: T) => {
    const ms = Date.parse(order.created_at);
    return Number.isNaN(ms) ? -Infinity : ms;
  };
  return [...orders].sort((a, b) => time(b) - time(a));
}
