import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PaymentStatus, SandboxOrder, SessionUser } from '../../../shared/schemas/buying.js';
import type { Database, OrderRow } from '../../db/types.js';
import { conflict, HttpError } from '../../http/errors.js';
import { applyPaymentStatus, applyProviderStatus, getOrder } from '../orders/index.js';
import { presentSandboxOrder } from './presenter.js';
import type {
  CallbackReader,
  CallbackReport,
  IncomingCallback,
  RegisteredProvider,
} from '../payment-providers/index.js';
import { hasPaymentEvent, insertPaymentEvent } from './repository.js';

type Db = Kysely<Database>;

/** Why a verified report must not touch this order: it belongs to another provider, invoice or price. */
function mismatch(order: OrderRow, provider: RegisteredProvider, report: CallbackReport): string | undefined {
  // Each order is settled by the provider that made its invoice, whatever PAYMENT_PROVIDER says now.
  if (order.provider !== provider.name) {
    return `Order ${order.payment_id} is paid through ${order.provider}, not ${provider.label}.`;
  }
  if (report.invoiceId !== undefined && order.provider_invoice_id !== report.invoiceId) {
    return `Invoice ${report.invoiceId} is not the one made for order ${order.payment_id}.`;
  }
  const invoiced = report.amounts.invoiced;
  if (
    invoiced &&
    (invoiced.currency.toUpperCase() !== 'USD' ||
      Math.round(Number(invoiced.amount) * 100) !== order.total_cents)
  ) {
    return `Invoice ${report.invoiceId ?? ''} asks ${invoiced.amount} ${invoiced.currency}, not the order's ${order.total_cents / 100} USD.`;
  }
  return undefined;
}

/**
 * A provider's callback (docs/architecture.md §7, payments/README.md). Nothing is read from it, let alone
 * changed, before its signature checks out (the reader's verify). The status is applied first and the
 * callback recorded after, so a failure in between leaves the provider's retry able to finish the job; a
 * replay finds the status already there (statuses only move forward) and its row already written, and
 * changes nothing. A provider whose deliveries are `onceOnly` is not even asked again for one on record.
 */
export async function receiveCallback(
  db: Db,
  provider: RegisteredProvider,
  reader: CallbackReader,
  callback: IncomingCallback,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const verified = reader.verify(callback);
  if (verified.onceOnly && (await hasPaymentEvent(db, verified.eventKey))) return;
  const report = await verified.report();
  if (!report) return;
  const order = await getOrder(db, report.paymentId);
  const refused = mismatch(order, provider, report);
  if (refused) throw conflict(`${refused} The callback changes nothing.`);
  const now = new Date();
  await applyProviderStatus(db, report.paymentId, report.status, now, log);
  await insertPaymentEvent(db, {
    event_key: verified.eventKey,
    payment_id: report.paymentId,
    status: report.status,
    body: verified.record,
    received_at: now.toISOString(),
  });
}

/** The buyer's own order, made for the sandbox to pay; 404, 403 or 409 otherwise. */
async function ownSandboxOrder(db: Db, buyer: SessionUser, paymentId: string): Promise<OrderRow> {
  const order = await getOrder(db, paymentId);
  if (order.user_id !== buyer.sub) throw new HttpError(403, 'That order is not yours.');
  // An order invoiced by a real provider (before a switch to the sandbox) must never be paid by a click.
  if (order.provider !== 'sandbox') {
    throw conflict('This order is paid through its payment provider, not on the sandbox page.');
  }
  return order;
}

export async function getSandboxOrder(db: Db, buyer: SessionUser, paymentId: string): Promise<SandboxOrder> {
  return presentSandboxOrder(await ownSandboxOrder(db, buyer, paymentId));
}

/** Why an order can no longer be paid, for the 409. */
const CLOSED: Partial<Record<PaymentStatus, string>> = {
  expired: 'This order expired before it was paid; its items went back on sale. Please buy again.',
  failed: 'The payment for this order failed; its items went back on sale. Please buy again.',
  refunded: 'This order was refunded and cannot be paid again.',
};

/**
 * The sandbox's Pay button: the same status change as a verified 'finished' callback, except that it
 * never revives an expired order (its page is the invoice, and an expired invoice takes no money).
 * Paying an order already paid answers as success (a double click); one that expired or failed answers
 * 409.
 */
export async function paySandboxOrder(db: Db, buyer: SessionUser, paymentId: string): Promise<SandboxOrder> {
  await ownSandboxOrder(db, buyer, paymentId);
  await applyPaymentStatus(db, paymentId, 'finished');
  // Read again: the sweep or a delete may have got there between the check and the change.
  const order = await getOrder(db, paymentId);
  const status = order.payment_status as PaymentStatus;
  if (status !== 'finished') {
    throw conflict(CLOSED[status] ?? `This order is ${status} and cannot be paid now.`);
  }
  return presentSandboxOrder(order);
}
