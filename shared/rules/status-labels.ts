/**
 * How an order's statuses read on every screen: the buyer's My Orders and payment page, the seller's
 * orders page and the sales page say the same word for the same status. The API keeps the provider's
 * values (docs/product.md §4, "Order payment_status": waiting, finished, …); only what people read is here.
 */
// Type only: the shop bundle must not pull in the buying schemas (and zod) through these words.
import type { PaymentStatus } from '../schemas/buying.js';

/** How a payment reads at a glance, for buyer and seller alike: paid, money on its way, or none coming. */
export type PaymentStatusTone = 'paid' | 'pending' | 'failed';

/**
 * One label and one tone per payment status (docs/architecture.md §7 names the statuses). 'failed' is
 * the tone of the statuses that end an order without its money (they give its units back,
 * payment-status.ts `releasesStock`; status-labels.test.ts holds the two together).
 */
export const PAYMENT_STATUS_LABELS: Readonly<
  Record<PaymentStatus, { label: string; tone: PaymentStatusTone }>
> = {
  waiting: { label: 'Awaiting payment', tone: 'pending' },
  confirming: { label: 'Confirming payment', tone: 'pending' },
  confirmed: { label: 'Payment confirmed', tone: 'pending' },
  sending: { label: 'Payment on its way', tone: 'pending' },
  partially_paid: { label: 'Partially paid', tone: 'pending' },
  finished: { label: 'Paid', tone: 'paid' },
  failed: { label: 'Payment failed', tone: 'failed' },
  refunded: { label: 'Refunded', tone: 'failed' },
  expired: { label: 'Payment expired', tone: 'failed' },
};

function isPaymentStatus(status: string): status is PaymentStatus {
  return Object.hasOwn(PAYMENT_STATUS_LABELS, status);
}

/**
 * "Paid" for finished. A value no release knows (a row written by a newer server, a provider's new
 * word) reads as its words rather than as a code: "on hold" for on_hold, "Unknown" for nothing.
 */
export function paymentStatusLabel(status: string): string {
  if (isPaymentStatus(status)) return PAYMENT_STATUS_LABELS[status].label;
  const words = status.replaceAll('_', ' ').trim();
  return words === '' ? 'Unknown' : words;
}

export function paymentStatusTone(status: PaymentStatus): PaymentStatusTone {
  return PAYMENT_STATUS_LABELS[status].tone;
}

/** The shipping badge and the seller's toggle (docs/product.md §2: "Sent or Not Sent"). */
export function shippingLabel(shipped: boolean): 'Sent' | 'Not Sent' {
  return shipped ? 'Sent' : 'Not Sent';
}
