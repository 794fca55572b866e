/** How an order's payment status may move and what each status means for stock, shipping and deleting (docs/architecture.md §7). */
// Type only: the shop bundle must not pull in the buying schemas (and zod) through these rules.
import type { PaymentStatus } from '../schemas/buying.js';

/**
 * Payment statuses only move forward (docs/architecture.md §7): a late or replayed callback never undoes a later one.
 * Equal ranks do not replace each other; failed and expired end an order, and only a finished one can
 * still be refunded. partially_paid sits beside the ranks: NOWPayments sends it whenever the money that
 * arrived falls short, which can be after confirming or confirmed, and the buyer's top-up then moves the
 * payment on again (confirming … finished), or it fails or expires.
 */
const PAYMENT_STATUS_RANK: Record<Exclude<PaymentStatus, 'partially_paid'>, number> = {
  waiting: 0,
  confirming: 1,
  confirmed: 2,
  sending: 3,
  finished: 4,
  failed: 4,
  expired: 4,
  refunded: 5,
};

const ALL_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  ...(Object.keys(PAYMENT_STATUS_RANK) as PaymentStatus[]),
  'partially_paid',
];

/** Statuses after which the payment is over: nothing but a refund of a finished one follows them. */
function endsPayment(status: PaymentStatus): boolean {
  return status === 'finished' || status === 'failed' || status === 'expired' || status === 'refunded';
}

export function canAdvancePaymentStatus(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === 'failed' || from === 'expired' || from === 'refunded') return false;
  if (to === 'refunded') return from === 'finished';
  if (to === 'partially_paid') return from !== 'partially_paid' && !endsPayment(from);
  if (from === 'partially_paid') return to !== 'waiting';
  return PAYMENT_STATUS_RANK[to] > PAYMENT_STATUS_RANK[from];
}

/** The statuses an order may be in for `to` to replace it. */
export function paymentStatusPredecessors(to: PaymentStatus): PaymentStatus[] {
  return ALL_PAYMENT_STATUSES.filter((from) => canAdvancePaymentStatus(from, to));
}

/** An order in one of these no longer holds its units: they go back to stock (unless they were shipped). */
export function releasesStock(status: PaymentStatus): boolean {
  return status === 'failed' || status === 'expired' || status === 'refunded';
}

/**
 * Whether the invoice can still take the buyer's money, so its Pay Now link is offered: not once the
 * payment is over (paid, failed, expired or refunded). The link stays stored: money that still arrives
 * for an expired invoice revives the order, and a partly paid revival is paid on the same invoice.
 */
export function takesPayment(status: PaymentStatus): boolean {
  return status !== 'finished' && !releasesStock(status);
}

/**
 * Statuses that say the buyer's money is arriving or has arrived. One of these reaching an order the
 * sweep expired means the buyer paid late: the order comes back rather than the money being lost.
 */
export function isMoneyArriving(status: PaymentStatus): boolean {
  return (
    status === 'confirming' ||
    status === 'confirmed' ||
    status === 'sending' ||
    status === 'partially_paid' ||
    status === 'finished'
  );
}

/** Only a paid order may be marked sent: the seller never ships goods the buyer has not paid for. */
export function canShipOrder(status: PaymentStatus): boolean {
  return status === 'finished';
}

/**
 * Who may delete an order in which status (docs/architecture.md §6). A buyer only while no money is on its way (a
 * payment being confirmed must not lose its order); the admin any order but a finished one.
 */
export function canDeleteOrder(status: PaymentStatus, by: 'buyer' | 'admin'): boolean {
  if (by === 'admin') return status !== 'finished';
  return status === 'waiting' || status === 'failed' || status === 'expired';
}
