import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import crypto from 'node:crypto';
import type {
  PaymentStatus,
  SandboxOrder,
  SandboxPayBody,
  SessionUser,
} from '../../../shared/schemas/buying.js';
import type { Database } from '../../db/types.js';
import { formatDollars } from '../../../shared/rules/money.js';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js';
import {
  applyPaymentStatus,
  applyProviderStatus,
  findPayment,
  getPayment,
  invoiceTotalCents,
  type Payment,
  recordMoneyException,
  restoreDeletedPayment,
} from '../orders/index.js';
import { presentSandboxOrder } from './presenter.js';
import type {
  CallbackReader,
  CallbackReport,
  IncomingCallback,
  RegisteredProvider,
} from '../payment-providers/index.js';
import { hasPaymentEvent, insertPaymentEvent } from './repository.js';

type Db = Kysely<Database>;

/** PAYMENT_UNDERPAID_TOLERANCE_PERCENT and ORDER_HOLD_MINUTES, as the status path reads them. */
export interface PaymentSettings {
  tolerancePercent: number;
  holdMinutes: number;
}

/** The most orders.invoice_paid_cents holds: a 32-bit integer on PostgreSQL. */
const MAX_RECORDED_CENTS = 2_147_483_647;

/**
 * An amount a provider reported, in USD cents; undefined when it gave none, or in another currency.
 * An amount beyond what the column holds (a provider's glitch, or rates gone wild) is recorded as the
 * most it holds, with a warning: the status it came with is applied all the same, never a 500.
 */
function usdCents(
  money: CallbackReport['amounts']['paid'],
  log: Pick<FastifyBaseLogger, 'warn'>,
): number | undefined {
  if (!money || money.currency.toUpperCase() !== 'USD') return undefined;
  const value = Number(money.amount);
  if (!Number.isFinite(value) || value < 0) return undefined;
  const cents = Math.round(value * 100);
  if (cents <= MAX_RECORDED_CENTS) return cents;
  log.warn(
    { reported: money.amount, recorded: MAX_RECORDED_CENTS / 100 },
    'a payment provider reported more arriving than an order can record; recorded as the most it holds',
  );
  return MAX_RECORDED_CENTS;
}

/**
 * Why a verified report must not be applied to this payment as its status: it belongs to another
 * provider (`provider`: never this order's), or to another invoice, price or payment reference (`money`:
 * what arrived is recorded all the same, issue 33).
 */
function mismatch(
  payment: Payment,
  provider: RegisteredProvider,
  report: CallbackReport,
): { kind: 'provider' | 'money'; text: string } | undefined {
  const order = payment.lines[0]!;
  // Each order is settled by the provider that made its invoice, whatever PAYMENT_PROVIDER says now.
  if (order.provider !== provider.name) {
    return {
      kind: 'provider',
      text: `Order ${payment.ref} is paid through ${order.provider}, not ${provider.label}.`,
    };
  }
  if (report.invoiceId !== undefined && order.provider_invoice_id !== report.invoiceId) {
    return {
      kind: 'money',
      text: `Invoice ${report.invoiceId} is not the one made for order ${payment.ref}.`,
    };
  }
  // A group's invoice is made for the group: a callback naming one of its lines is not its invoice's.
  if (report.paymentId !== payment.ref) {
    return {
      kind: 'money',
      text: `The callback names ${report.paymentId}, one line of ${payment.ref}, whose invoice pays the whole group.`,
    };
  }
  const invoiced = report.amounts.invoiced;
  const total = invoiceTotalCents(payment);
  if (
    invoiced &&
    (invoiced.currency.toUpperCase() !== 'USD' || Math.round(Number(invoiced.amount) * 100) !== total)
  ) {
    return {
      kind: 'money',
      text: `Invoice ${report.invoiceId ?? ''} asks ${invoiced.amount} ${invoiced.currency}, not the order's ${total / 100} USD.`,
    };
  }
  return undefined;
}

/**
 * A provider's callback (docs/architecture.md §7, payments/README.md). Nothing is read from it, let alone
 * changed, before its signature checks out (the reader's verify). The report names an order or a
 * "Checkout all" group (grp_…, the whole group's invoice). The status and what arrived are applied first
 * and the callback recorded after, so a failure in between leaves the provider's retry able to finish the
 * job; a replay finds the status already there (statuses only move forward) and its row already written,
 * and changes nothing. A provider whose deliveries are `onceOnly` is not even asked again for one on record.
 */
export async function receiveCallback(
  db: Db,
  provider: RegisteredProvider,
  reader: CallbackReader,
  callback: IncomingCallback,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  settings: PaymentSettings = { tolerancePercent: 0, holdMinutes: 60 },
): Promise<void> {
  const verified = reader.verify(callback);
  if (verified.onceOnly && (await hasPaymentEvent(db, verified.eventKey))) return;
  const report = await verified.report();
  if (!report) return;
  const news = { status: report.status, paidCents: usdCents(report.amounts.paid, log) };
  const carriesMoney = (news.paidCents ?? 0) > 0;
  let payment = await findPayment(db, report.paymentId);
  // Money for an order deleted meanwhile (its invoice outlived it): the order comes back as a record.
  if (!payment && carriesMoney && (await restoreDeletedPayment(db, report.paymentId))) {
    log.error(
      { paymentId: report.paymentId, status: report.status },
      'money arrived for a deleted order: it is restored for the seller to settle',
    );
    payment = await findPayment(db, report.paymentId);
  }
  if (!payment) throw notFound(`There is no order ${report.paymentId}.`);
  const refused = mismatch(payment, provider, report);
  const now = new Date();
  if (refused && (refused.kind === 'provider' || !carriesMoney)) {
    throw conflict(`${refused.text} The callback changes nothing.`);
  }
  if (refused) {
    // Recorded and flagged, never applied as the payment's status; the provider is answered 200.
    log.error({ paymentId: payment.ref, reason: refused.text }, 'money arrived that does not fit its order');
    await recordMoneyException(db, payment.ref, news, refused.text);
  } else {
    await applyProviderStatus(db, payment.ref, news, { now, log, ...settings });
  }
  await insertPaymentEvent(db, {
    event_key: verified.eventKey,
    payment_id: payment.ref,
    status: report.status,
    body: verified.record,
    received_at: now.toISOString(),
  });
}

/** The buyer's own order or group, made for the sandbox to pay; 404, 403 or 409 otherwise. */
async function ownSandboxPayment(db: Db, buyer: SessionUser, paymentId: string): Promise<Payment> {
  const payment = await getPayment(db, paymentId);
  const order = payment.lines[0]!;
  if (order.user_id !== buyer.sub) throw new HttpError(403, 'That order is not yours.');
  // An order invoiced by a real provider (before a switch to the sandbox) must never be paid by a click.
  if (order.provider !== 'sandbox') {
    throw conflict('This order is paid through its payment provider, not on the sandbox page.');
  }
  return payment;
}

export async function getSandboxOrder(db: Db, buyer: SessionUser, paymentId: string): Promise<SandboxOrder> {
  return presentSandboxOrder(await ownSandboxPayment(db, buyer, paymentId));
}

/** Why an order can no longer be paid, for the 409. */
const CLOSED: Partial<Record<PaymentStatus, string>> = {
  expired: 'This order expired before it was paid; its items went back on sale. Please buy again.',
  failed: 'The payment for this order failed; its items went back on sale. Please buy again.',
  refunded: 'This order was refunded and cannot be paid again.',
};

/**
 * The sandbox's Pay button: the same change as a verified callback, except that it never revives an
 * expired order (its page is the invoice, and an expired invoice takes no money). Without an amount it
 * pays what is left; with one, that much arrives: short of the invoice it is partly paid (or paid, within
 * the tolerance); more than is left to pay is refused with a 400. Each Pay is recorded as the provider speaking, so a partly paid
 * invoice's hold runs on from it. A group (grp_…) is paid as one. Paying an order already paid answers
 * as success (a double click); one that expired or failed answers 409.
 */
export async function paySandboxOrder(
  db: Db,
  buyer: SessionUser,
  paymentId: string,
  body: SandboxPayBody,
  settings: PaymentSettings,
): Promise<SandboxOrder> {
  const before = await ownSandboxPayment(db, buyer, paymentId);
  const current = before.lines[0]!;
  const closed = CLOSED[current.payment_status as PaymentStatus];
  if (closed) throw conflict(closed);
  if (current.payment_status !== 'finished') {
    const total = invoiceTotalCents(before);
    const paidBefore = current.invoice_paid_cents ?? 0;
    const paidCents =
      body?.amount === undefined
        ? Math.max(total, paidBefore)
        : paidBefore + Math.round(Number(body.amount) * 100);
    if (paidCents <= paidBefore) throw badRequest('Invalid field "amount": must be more than 0.');
    const left = Math.max(total - paidBefore, 0);
    if (paidCents - paidBefore > left) {
      throw badRequest(
        `Invalid field "amount": only ${formatDollars(left / 100)} is left to pay on this order.`,
      );
    }
    const status: PaymentStatus = paidCents >= total ? 'finished' : 'partially_paid';
    const now = new Date();
    await applyPaymentStatus(db, before.ref, { status, paidCents }, { now, ...settings });
    await insertPaymentEvent(db, {
      event_key: `sandbox:${crypto.randomUUID()}`,
      payment_id: before.ref,
      status,
      body: JSON.stringify({ paid_cents: paidCents }),
      received_at: now.toISOString(),
    });
  }
  // Read again: the sweep or a delete may have got there between the check and the change.
  const payment = await getPayment(db, before.ref);
  const status = payment.lines[0]!.payment_status as PaymentStatus;
  if (status !== 'finished' && status !== 'partially_paid') {
    throw conflict(CLOSED[status] ?? `This order is ${status} and cannot be paid now.`);
  }
  return presentSandboxOrder(payment);
}
