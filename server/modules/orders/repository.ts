/**
 * All SQL of orders. Every function takes the database or a transaction. Taking and giving back units,
 * and clearing an order's hold (stock_reserved), are the stock module's (modules/stock/); stock_reserved
 * is written here only together with the order's status (insertOrder, reviveExpiredOrder).
 */
import { type Insertable, type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import type {
  Database,
  DeletedOrderRow,
  DeletedOrdersTable,
  NewOrderRow,
  OrderRow,
  RefundRow,
} from '../../db/types.js';

type Db = Kysely<Database> | Transaction<Database>;

/** How many orders there are of each payment status (for /metrics). */
export async function countOrdersByStatus(db: Db): Promise<{ status: string; total: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['payment_status as status', sql<number | string>`count(*)`.as('total')])
    .groupBy('payment_status')
    .execute();
  return rows.map((row) => ({ status: row.status, total: Number(row.total) }));
}

/** The reference a payment goes by: a "Checkout all" group's (grp_…), else the order's own. */
const paymentRefOf = sql<string>`coalesce(orders.group_id, orders.payment_id)`;

/**
 * The buyer's unpaid orders that still hold units; the lines of one "Checkout all" count as one. An order
 * made before `invoicelessBefore` that still has no invoice is not counted: its invoice call ended long
 * ago without one (a process killed mid-call), the buyer can never pay it, and the sweep expires it soon.
 */
export async function countOpenOrdersOfUser(
  db: Db,
  userId: string,
  invoicelessBefore: string,
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number | string>`count(distinct ${paymentRefOf})`.as('total'))
    .where('user_id', '=', userId)
    .where('payment_status', '=', 'waiting')
    .where('stock_reserved', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('invoice_url', 'is not', null), eb('provider_invoice_id', 'is not', null)]),
        eb('created_at', '>=', invoicelessBefore),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Units the buyer's unpaid orders hold now (every line of every open order or group). */
export async function countHeldUnitsOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number | string>`coalesce(sum(quantity), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('payment_status', '!=', 'finished')
    .where('stock_reserved', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertOrder(db: Db, order: NewOrderRow): Promise<void> {
  await db.insertInto('orders').values(order).execute();
}

/** Every order a payment covers (its reference: an order's own, or a group's), in the order they were made. */
export async function findOrdersOfPayment(db: Db, paymentRef: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('payment_id', '=', paymentRef), eb('group_id', '=', paymentRef)]))
    .orderBy('id')
    .execute();
}

/**
 * The orders of one payment, their rows locked until the transaction ends (PostgreSQL FOR UPDATE;
 * SQLite has one writer at a time): two refunds of the same payment cannot both read what is left.
 */
export async function lockOrdersOfPayment(db: Db, paymentRef: string): Promise<OrderRow[]> {
  const query = db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('payment_id', '=', paymentRef), eb('group_id', '=', paymentRef)]))
    .orderBy('id');
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().execute() : query.execute();
}

/** What a deleted order or group was (issue 33): kept so money its provider still reports can restore it. */
export async function insertDeletedPayment(db: Db, row: Insertable<DeletedOrdersTable>): Promise<void> {
  await db.insertInto('deleted_orders').values(row).execute();
}

/**
 * Takes the deleted payment to restore it: marks it restored only if it was not already, so two
 * callbacks at once restore it once. Undefined when there is none, or it was restored already.
 */
export async function claimDeletedPayment(
  db: Db,
  paymentRef: string,
  at: string,
): Promise<DeletedOrderRow | undefined> {
  return db
    .updateTable('deleted_orders')
    .set({ restored_at: at })
    .where('payment_ref', '=', paymentRef)
    .where('restored_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Removes up to `limit` records of orders deleted before `before`; answers how many. */
export async function purgeDeletedPayments(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('deleted_orders')
    .where(
      'payment_ref',
      'in',
      db.selectFrom('deleted_orders').select('payment_ref').where('deleted_at', '<', before).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Marks why the payment's money could not be applied normally, for the seller to settle (issue 33). */
export async function flagAttention(db: Db, paymentRef: string, reason: string, at: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ attention_reason: reason, settled_at: null, updated_at: at })
    .where((eb) => eb.or([eb('payment_id', '=', paymentRef), eb('group_id', '=', paymentRef)]))
    .execute();
}

/** Sets the invoice on every order of the payment (a group's lines share one). */
export async function setInvoice(
  db: Db,
  paymentId: string,
  invoiceId: string,
  invoiceUrl: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ provider_invoice_id: invoiceId, invoice_url: invoiceUrl, updated_at: at })
    .where((eb) => eb.or([eb('payment_id', '=', paymentId), eb('group_id', '=', paymentId)]))
    .execute();
}

export async function findOrder(db: Db, paymentId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

/**
 * Deletes the orders of the payment (an order's reference, or a group's: all its lines) that are in one
 * of `statuses` and that no money arrived for (none reported, no `received` row in the ledger: such a
 * record is kept, issue 28); answers how many it deleted.
 */
export async function deleteOrder(
  db: Db,
  paymentId: string,
  statuses: readonly PaymentStatus[],
): Promise<number> {
  if (statuses.length === 0) return 0;
  const result = await db
    .deleteFrom('orders')
    .where((eb) => eb.or([eb('payment_id', '=', paymentId), eb('group_id', '=', paymentId)]))
    .where('payment_status', 'in', [...statuses])
    .where((eb) => eb.or([eb('invoice_paid_cents', 'is', null), eb('invoice_paid_cents', '=', 0)]))
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_entries')
            .select('ledger_entries.id')
            .where('ledger_entries.payment_ref', '=', paymentId)
            .where('ledger_entries.kind', '=', 'received'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Sets the status of the payment's orders (an order's reference, or a group's: all its lines at once)
 * only while they are in one of `from`: concurrent callbacks cannot both move it, nor move it
 * backwards. The invoice link stays (the presenters offer it only while the status takes money). True
 * when it changed.
 */
export async function advanceStatus(
  db: Db,
  paymentId: string,
  to: PaymentStatus,
  from: readonly PaymentStatus[],
  at: string,
): Promise<boolean> {
  if (from.length === 0) return false;
  const result = await db
    .updateTable('orders')
    .set({
      payment_status: to,
      updated_at: at,
      // Refunded, the matter is settled: nothing is left for the seller to restock or refund.
      ...(to === 'refunded' ? { needs_attention: 0, settled_at: at } : {}),
    })
    .where((eb) => eb.or([eb('payment_id', '=', paymentId), eb('group_id', '=', paymentId)]))
    .where('payment_status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Brings an expired order line back to `to` (money arrived for it, late), holding its units again or,
 * when they could not be taken, flagged for the seller. Only while it is still expired and holds
 * nothing: two callbacks racing cannot both revive it. True when it changed.
 */
export async function reviveExpiredOrder(
  db: Db,
  paymentId: string,
  to: PaymentStatus,
  reserved: boolean,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      payment_status: to,
      stock_reserved: reserved ? 1 : 0,
      needs_attention: reserved ? 0 : 1,
      paid_late: 1,
      updated_at: at,
    })
    .where('payment_id', '=', paymentId)
    .where('payment_status', 'in', ['expired', 'failed'])
    .where('stock_reserved', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The seller accepted what arrived as the payment (issue 28): every line finished, holding its units
 * (the caller took any that were not held, or they left in a parcel), nothing left for the seller.
 */
export async function acceptOrders(db: Db, paymentRef: string, at: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      payment_status: 'finished',
      stock_reserved: sql`case when shipped = 1 then stock_reserved else 1 end`,
      needs_attention: 0,
      settled_at: at,
      updated_at: at,
    })
    .where((eb) => eb.or([eb('payment_id', '=', paymentRef), eb('group_id', '=', paymentRef)]))
    .execute();
}

/**
 * Records what the provider reported as arrived for the payment's invoice, on each of its orders, only
 * when it is more than the amount on record: money that arrived does not leave again, so a stale,
 * out-of-order or redelivered report of less changes nothing. True when it raised the amount.
 */
export async function raiseInvoicePaid(
  db: Db,
  paymentRef: string,
  paidCents: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ invoice_paid_cents: paidCents, updated_at: at })
    .where((eb) => eb.or([eb('payment_id', '=', paymentRef), eb('group_id', '=', paymentRef)]))
    .where((eb) => eb.or([eb('invoice_paid_cents', 'is', null), eb('invoice_paid_cents', '<', paidCents)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds a refund to one order line: its row, and the line's refunded total. */
export async function insertRefund(
  db: Db,
  refund: { order_id: number; amount_cents: number; note: string; restocked: boolean; at: string },
): Promise<void> {
  await db
    .insertInto('refunds')
    .values({
      order_id: refund.order_id,
      amount_cents: refund.amount_cents,
      note: refund.note,
      restocked: refund.restocked ? 1 : 0,
      created_at: refund.at,
    })
    .execute();
  await db
    .updateTable('orders')
    .set({ refunded_cents: sql`refunded_cents + ${refund.amount_cents}`, updated_at: refund.at })
    .where('id', '=', refund.order_id)
    .execute();
}

/** The refunds of these order lines, oldest first. */
export async function findRefundsOfOrders(db: Db, orderIds: readonly number[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Payments (an order's reference, or a group's) with orders in `statuses` still holding stock, not
 * shipped, made before `createdBefore`, and with no verified payment callback since `quietSince`;
 * oldest first. `only: 'without invoice'` keeps those whose invoice was never stored.
 */
export async function findHeldOrdersBefore(
  db: Db,
  statuses: readonly PaymentStatus[],
  createdBefore: string,
  quietSince: string,
  limit: number,
  only: 'all' | 'without invoice' = 'all',
): Promise<string[]> {
  let query = db
    .selectFrom('orders')
    .select(paymentRefOf.as('payment_ref'))
    .distinct()
    .where('stock_reserved', '=', 1)
    .where('shipped', '=', 0)
    .where('created_at', '<', createdBefore)
    .where('payment_status', 'in', [...statuses])
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_events')
            .select('payment_events.event_key')
            .where('payment_events.payment_id', '=', paymentRefOf)
            .where('payment_events.received_at', '>=', quietSince),
        ),
      ),
    )
    .orderBy('payment_ref')
    .limit(limit);
  if (only === 'without invoice') {
    query = query.where((eb) =>
      eb.or([eb('invoice_url', 'is', null), eb('provider_invoice_id', 'is', null)]),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => row.payment_ref);
}

/**
 * An order as its lists show it: its product's picture count now (null when the product is gone), what
 * its invoice asks (the group's total when grouped) and when its provider last spoke of it (the hold
 * runs on from there).
 */
export type OrderWithImagesRow = OrderRow & {
  image_count: number | null;
  invoice_total_cents: number | string;
  last_payment_event_at: string | null;
};
export type AdminOrderRow = OrderWithImagesRow;

/** The list columns beside the order's own (see OrderWithImagesRow). */
export const orderListColumns = [
  'products.image_count',
  sql<
    number | string
  >`coalesce((select sum(g.total_cents) from orders g where g.group_id = orders.group_id), orders.total_cents)`.as(
    'invoice_total_cents',
  ),
  sql<
    string | null
  >`(select max(e.received_at) from payment_events e where e.payment_id = ${paymentRefOf})`.as(
    'last_payment_event_at',
  ),
] as const;

/** Refunded of the payment so far: every line of its group, or the order's own. */
export const paymentRefundedCents = sql<number>`coalesce((select sum(g.refunded_cents) from orders g where g.group_id = orders.group_id), orders.refunded_cents)`;

/** Paid more than its invoice asks by more than a cent, beyond what was refunded of it. */
export const overpaidCondition = sql<boolean>`orders.invoice_paid_cents > coalesce((select sum(g.total_cents) from orders g where g.group_id = orders.group_id), orders.total_cents) + ${paymentRefundedCents} + 1`;

export async function findOrdersOfUser(db: Db, userId: string): Promise<OrderWithImagesRow[]> {
  return db
    .selectFrom('orders')
    .leftJoin('products', (join) =>
      join.onRef('products.shop', '=', 'orders.shop').onRef('products.id', '=', 'orders.product_id'),
    )
    .selectAll('orders')
    .select(orderListColumns)
    .where('orders.user_id', '=', userId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
}
