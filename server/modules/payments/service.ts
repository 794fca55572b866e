import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  nowPaymentsIpnSchema,
  type PaymentStatus,
  type SandboxOrder,
  type SessionUser,
} from '../../../shared/schemas/buying.js';
import type { Database, OrderRow } from '../../db/types.js';
import { badRequest, conflict, HttpError } from '../../http/errors.js';
import { applyPaymentStatus, applyProviderStatus, getOrder } from '../orders/index.js';
import { canonicalJson, isValidIpnSignature } from './ipn-signature.js';
import { presentSandboxOrder } from './presenter.js';
import { insertPaymentEvent } from './repository.js';

type Db = Kysely<Database>;

/**
 * A NOWPayments callback (docs/architecture.md §7). Nothing is read from the body, let alone changed, before its
 * signature checks out. The status is applied first and the callback recorded after, so a failure in
 * between leaves the provider's retry able to finish the job; a replay finds the status already there
 * (statuses only move forward) and its row already written, and changes nothing.
 */
export async function receiveIpn(
  db: Db,
  secret: string,
  signature: unknown,
  body: unknown,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  if (signature === undefined) {
    throw new HttpError(401, 'The payment callback is not signed: the x-nowpayments-sig header is missing.');
  }
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const signed = isObject ? canonicalJson(body) : undefined;
  if (signed === undefined || !isValidIpnSignature(secret, signed, signature)) {
    throw new HttpError(401, 'The payment callback signature does not match its body.');
  }
  const parsed = nowPaymentsIpnSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      `Invalid field "${issue?.path.join('.') ?? 'body'}": ${issue?.message ?? 'is invalid'}.`,
    );
  }
  const { order_id: paymentId, payment_status: status } = parsed.data;
  await getOrder(db, paymentId);
  const now = new Date();
  await applyProviderStatus(db, paymentId, status, now, log);
  await insertPaymentEvent(db, {
    event_key: crypto.createHash('sha256').update(signed).digest('hex'),
    payment_id: paymentId,
    status,
    body: signed,
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
