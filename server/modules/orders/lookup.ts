import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/types.js';
import { notFound } from '../../http/errors.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

const noSuchOrder = (paymentId: string) => notFound(`There is no order ${paymentId}.`);

/** The order, or the 404 that names it. */
export async function getOrder(db: Db, paymentId: string): Promise<OrderRow> {
  const order = await repo.findOrder(db, paymentId);
  if (!order) throw noSuchOrder(paymentId);
  return order;
}

/**
 * One payment: the reference its invoice goes by (a "Checkout all" group's grp_…, else the order's own
 * payment_id) and every order it covers, oldest first. Paying, expiring, deleting, shipping and refunding
 * act on a payment, so a group's lines move together.
 */
export interface Payment {
  ref: string;
  lines: OrderRow[];
}

/** The payment an order (ord_…) or a group (grp_…) belongs to; undefined when there is none. */
export async function findPayment(db: Db, orderOrGroupId: string): Promise<Payment | undefined> {
  const order = await repo.findOrder(db, orderOrGroupId);
  const ref = order ? (order.group_id ?? order.payment_id) : orderOrGroupId;
  const lines = order && !order.group_id ? [order] : await repo.findOrdersOfPayment(db, ref);
  return lines.length === 0 ? undefined : { ref, lines };
}

/** As findPayment, or the 404 that names it. */
export async function getPayment(db: Db, orderOrGroupId: string): Promise<Payment> {
  const payment = await findPayment(db, orderOrGroupId);
  if (!payment) throw noSuchOrder(orderOrGroupId);
  return payment;
}

/** What the payment's invoice asks: the sum of its lines. */
export const invoiceTotalCents = (payment: Payment) =>
  payment.lines.reduce((sum, line) => sum + line.total_cents, 0);

/** A conditional write found the order changed under it: thrown to roll its transaction back. */
export class OrderChanged extends Error {}
