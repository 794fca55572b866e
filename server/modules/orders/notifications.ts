/**
 * The order e-mails (issue 18), one function per e-mail: what each says, as data (MailContent: the mail
 * module renders and escapes it, so the buyer's own words stay plain text), and the queueing of it under
 * the key of the event it tells of. Called by the status path inside the transaction of the change, so an
 * e-mail exists exactly when its event does and a replayed callback finds its key already queued.
 * A "Checkout all" group is one payment: one e-mail for the group, listing its lines.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { formatDollars } from '../../../shared/rules/money.js';
import { trackingUrl } from '../../../shared/rules/tracking.js';
import { conditionLabel } from '../../../shared/shops.js';
import type { Database, OrderRow } from '../../db/types.js';
import { type MailContent, queueMail } from '../mail/index.js';
import { invoiceTotalCents, type Payment } from './lookup.js';

type Trx = Transaction<Database>;

const money = (cents: number) => formatDollars(cents / 100);

/** "Dell XPS 13 (Very Good) × 2" with its line total: one row per order line. */
function orderLines(payment: Payment): { label: string; value: string }[] {
  return payment.lines.map((line) => ({
    label: `${line.title} (${conditionLabel(line.condition)}) × ${line.quantity}`,
    value: money(line.total_cents),
  }));
}

const first = (payment: Payment): OrderRow => payment.lines[0]!;

/** The shipping address as the buyer typed it, on one line. */
function shippingAddress(order: OrderRow): string {
  return `${order.address}, ${order.city}, ${order.state_prov} ${order.postal_code}`;
}

/** "Your order" or "Your 3 items": what the buyer bought in a few words. */
function whatWasBought(payment: Payment): string {
  const [only] = payment.lines;
  return payment.lines.length === 1 && only ? `"${only.title}"` : `${payment.lines.length} items`;
}

/** A moment as the e-mail says it: "2026-06-01 10:00 UTC". */
export function mailTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

// ── What each e-mail says ────────────────────────────────────────────────────────────────────────────────────

/**
 * The buyer's "paid" e-mail. An order paid after it expired whose units were sold meanwhile
 * (needs_attention) cannot be promised: the seller restocks or refunds it, and will be in touch.
 */
export function orderPaidMail(payment: Payment): MailContent {
  const order = first(payment);
  const unitsSold = payment.lines.some((line) => line.needs_attention === 1);
  if (unitsSold) {
    return {
      subject: 'We received your payment',
      heading: 'We received your payment',
      paragraphs: [
        `Thank you, ${order.contact_name}. Your payment for ${whatWasBought(payment)} arrived after the time to pay had run out, and meanwhile the items were sold to someone else. The seller will be in touch with you about sending them or refunding you.`,
      ],
      lines: orderLines(payment),
      details: [
        ['Total', money(invoiceTotalCents(payment))],
        ['Order', payment.ref],
      ],
      action: { label: 'See your orders', href: '/account' },
    };
  }
  return {
    subject: 'Your order is paid',
    heading: 'Your order is paid',
    paragraphs: [
      `Thank you, ${order.contact_name}. We received the payment for ${whatWasBought(payment)} and will ship it to the address below.`,
    ],
    lines: orderLines(payment),
    details: [
      ['Total', money(invoiceTotalCents(payment))],
      ['Ship to', `${order.contact_name}, ${shippingAddress(order)}`],
      ['Order', payment.ref],
    ],
    action: { label: 'See your orders', href: '/account' },
  };
}

export function orderSentMail(payment: Payment, postalService: string, trackingNumber: string): MailContent {
  const link = trackingUrl(postalService, trackingNumber);
  const details: [string, string][] = [];
  if (postalService) details.push(['Sent with', postalService]);
  if (trackingNumber) details.push(['Tracking number', trackingNumber]);
  details.push(['Ship to', shippingAddress(first(payment))]);
  return {
    subject: 'Your order is on its way',
    heading: 'Your order is on its way',
    paragraphs: [`We sent ${whatWasBought(payment)}.`],
    lines: orderLines(payment),
    details,
    action: link
      ? { label: 'Track your parcel', href: link }
      : { label: 'See your orders', href: '/account' },
  };
}

export function paymentExpiredMail(payment: Payment): MailContent {
  const paid = first(payment).invoice_paid_cents ?? 0;
  const paragraphs = [
    `The time to pay for ${whatWasBought(payment)} ran out before the payment was complete, so the order was closed and its items went back on sale.`,
  ];
  if (paid > 0) {
    paragraphs.push(
      `${money(paid)} of ${money(invoiceTotalCents(payment))} had arrived. The seller has been told and will contact you about it.`,
    );
  }
  return {
    subject: 'Your order expired before it was paid',
    heading: 'The payment time ran out',
    paragraphs,
    lines: orderLines(payment),
    action: { label: 'See your orders', href: '/account' },
  };
}

export function partlyPaidMail(payment: Payment, payUntil: string | null): MailContent {
  const order = first(payment);
  const paid = order.invoice_paid_cents ?? 0;
  const total = invoiceTotalCents(payment);
  const details: [string, string][] = [
    ['Paid', `${money(paid)} of ${money(total)}`],
    ['Left to pay', money(Math.max(total - paid, 0))],
  ];
  if (payUntil) details.push(['Pay by', mailTime(payUntil)]);
  return {
    subject: 'Your order is partly paid',
    heading: 'Part of your payment arrived',
    paragraphs: [
      `${money(paid)} of ${money(total)} for ${whatWasBought(payment)} arrived. Please pay the rest on the same invoice${payUntil ? ` by ${mailTime(payUntil)}` : ''}, or the order closes.`,
    ],
    lines: orderLines(payment),
    details,
    action: order.invoice_url
      ? { label: 'Pay the rest', href: order.invoice_url }
      : { label: 'See your orders', href: '/account' },
  };
}

export function refundedMail(
  payment: Payment,
  refund: { amountCents: number; note: string; whole: boolean },
): MailContent {
  const details: [string, string][] = [
    ['Refunded', money(refund.amountCents)],
    ['Refund', refund.whole ? 'The whole payment' : 'Part of the payment'],
  ];
  if (refund.note) details.push(['Note', refund.note]);
  return {
    subject: refund.whole ? 'Your order was refunded' : 'Part of your order was refunded',
    heading: refund.whole ? 'Your order was refunded' : 'Part of your order was refunded',
    paragraphs: [
      `The seller refunded ${money(refund.amountCents)} of your payment for ${whatWasBought(payment)}.`,
    ],
    lines: orderLines(payment),
    details,
    action: { label: 'See your orders', href: '/account' },
  };
}

/** The buyer's contact and where it goes, for the seller. */
function contactDetails(order: OrderRow): [string, string][] {
  return [
    ['Name', order.contact_name],
    ['E-mail', order.email],
    ['Phone', order.phone],
    ['Address', shippingAddress(order)],
  ];
}

export function sellerNewOrderMail(payment: Payment): MailContent {
  const order = first(payment);
  const total = invoiceTotalCents(payment);
  const paid = order.invoice_paid_cents;
  const details: [string, string][] = [['Total', money(total)]];
  if (paid !== null && paid < total)
    details.push(['Accepted short', `${money(paid)} arrived, ${money(total - paid)} short`]);
  details.push(...contactDetails(order), ['Order', payment.ref]);
  return {
    subject: `New paid order: ${money(total)}`,
    heading: 'A new order is paid',
    paragraphs: [
      payment.lines.some((line) => line.needs_attention === 1)
        ? `${order.contact_name} paid for ${whatWasBought(payment)} after it expired, and its units were sold meanwhile: restock or refund it, and tell the buyer.`
        : `${order.contact_name} paid for ${whatWasBought(payment)}. It is ready to ship.`,
    ],
    lines: orderLines(payment),
    details,
    action: { label: 'Open the orders', href: '/orders' },
  };
}

/** Why an order needs the seller's attention. */
export type AttentionReason =
  'partly_paid' | 'expired_partly_paid' | 'overpaid' | 'paid_late' | 'units_sold' | 'money_exception';

const ATTENTION: Record<AttentionReason, { subject: string; says: string }> = {
  partly_paid: { subject: 'Order partly paid', says: 'Only part of the payment arrived so far.' },
  expired_partly_paid: {
    subject: 'Partly paid order expired',
    says: 'The payment time ran out with only part of the money arrived: the order expired and its units went back on sale. Settle the money with the buyer.',
  },
  overpaid: { subject: 'Order overpaid', says: 'More money arrived than the invoice asked.' },
  paid_late: {
    subject: 'Order paid late',
    says: 'The money arrived after the order had expired; the order came back.',
  },
  units_sold: {
    subject: 'Order paid after its units were sold',
    says: 'The money arrived after the order had expired and its units were sold meanwhile: restock or refund it.',
  },
  money_exception: {
    subject: 'Money arrived that the shop could not apply',
    says: 'A payment provider reported money for this order that could not be applied to it as a payment (the reason is on the order). It is recorded: refund it, or accept it as paid.',
  },
};

export function sellerAttentionMail(payment: Payment, reason: AttentionReason): MailContent {
  const order = first(payment);
  const total = invoiceTotalCents(payment);
  const paid = order.invoice_paid_cents;
  const details: [string, string][] = [['Invoice', money(total)]];
  if (paid !== null) details.push(['Arrived', money(paid)]);
  if (paid !== null && paid < total) details.push(['Short by', money(total - paid)]);
  if (paid !== null && paid > total) details.push(['Overpaid by', money(paid - total)]);
  details.push(...contactDetails(order), ['Order', payment.ref]);
  return {
    subject: `${ATTENTION[reason].subject}: ${payment.ref}`,
    heading: ATTENTION[reason].subject,
    paragraphs: [ATTENTION[reason].says],
    lines: orderLines(payment),
    details,
    action: { label: 'Open the orders', href: '/orders' },
  };
}

// ── Queued under the key of their event ─────────────────────────────────────────────────────────────────────

const buyer = (payment: Payment) => ({ buyer: first(payment).email });

/**
 * The buyer's "paid" e-mail and the seller's new-order one. `event` names a second payment event of the
 * same order (the seller's accept, issue 28), whose e-mail goes even when the first one went.
 */
export async function queuePaidMails(trx: Trx, payment: Payment, at: string, event = ''): Promise<void> {
  await queueMail(
    trx,
    {
      kind: 'order_paid',
      dedupeKey: `order_paid:${payment.ref}${event ? `:${event}` : ''}`,
      to: buyer(payment),
      content: orderPaidMail(payment),
    },
    at,
  );
  await queueMail(
    trx,
    {
      kind: 'order_new',
      dedupeKey: `order_new:${payment.ref}`,
      to: 'seller',
      content: sellerNewOrderMail(payment),
    },
    at,
  );
}

/**
 * One e-mail per parcel's details: a seller who corrects the postal service or tracking number tells the
 * buyer again; the same details marked again do not. Hashed: the key stays short whatever was typed.
 */
export async function queueSentMail(trx: Trx, payment: Payment, at: string): Promise<void> {
  const order = first(payment);
  const parcel = crypto
    .createHash('sha256')
    .update(`${order.postal_service}\n${order.tracking_number}`)
    .digest('hex')
    .slice(0, 16);
  await queueMail(
    trx,
    {
      kind: 'order_sent',
      dedupeKey: `order_sent:${payment.ref}:${parcel}`,
      to: buyer(payment),
      content: orderSentMail(payment, order.postal_service, order.tracking_number),
    },
    at,
  );
}

/**
 * Keyed by the moment it expired: a payment revived by late money and expired again tells again, while
 * the expiry itself happens once (a conditional status change), so nothing replays it.
 */
export async function queueExpiredMails(trx: Trx, payment: Payment, at: string): Promise<void> {
  await queueMail(
    trx,
    {
      kind: 'payment_expired',
      dedupeKey: `payment_expired:${payment.ref}:${at}`,
      to: buyer(payment),
      content: paymentExpiredMail(payment),
    },
    at,
  );
  if ((first(payment).invoice_paid_cents ?? 0) > 0)
    await queueAttentionMail(trx, payment, 'expired_partly_paid', at, at);
}

/** One e-mail per amount: a later part payment tells again, a replay of the same one does not. */
export async function queuePartlyPaidMails(
  trx: Trx,
  payment: Payment,
  payUntil: string | null,
  at: string,
): Promise<void> {
  const paid = first(payment).invoice_paid_cents ?? 0;
  await queueMail(
    trx,
    {
      kind: 'order_partly_paid',
      dedupeKey: `order_partly_paid:${payment.ref}:${paid}`,
      to: buyer(payment),
      content: partlyPaidMail(payment, payUntil),
    },
    at,
  );
  await queueAttentionMail(trx, payment, 'partly_paid', at, String(paid));
}

export async function queueAttentionMail(
  trx: Trx,
  payment: Payment,
  reason: AttentionReason,
  at: string,
  keySuffix = '',
): Promise<void> {
  await queueMail(
    trx,
    {
      kind: 'order_attention',
      dedupeKey: `order_attention:${reason}:${payment.ref}${keySuffix ? `:${keySuffix}` : ''}`,
      to: 'seller',
      content: sellerAttentionMail(payment, reason),
    },
    at,
  );
}

export async function queueRefundedMail(
  trx: Trx,
  payment: Payment,
  refund: { key: string; amountCents: number; note: string; whole: boolean },
  at: string,
): Promise<void> {
  await queueMail(
    trx,
    {
      kind: 'order_refunded',
      dedupeKey: `order_refunded:${refund.key}`,
      to: buyer(payment),
      content: refundedMail(payment, refund),
    },
    at,
  );
}
