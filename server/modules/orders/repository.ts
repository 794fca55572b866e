/**
 * All SQL of orders. Every function takes the database or a transaction. Taking and giving back units,
 * and clearing an order's hold (stock_reserved), are the stock module's (modules/stock/); stock_reserved
 * is written here only together with the order's status (insertOrder, reviveExpiredOrder).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import type { Database, NewOrderRow, OrderRow } from '../../db/types.js';

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

/** The buyer's unpaid orders that still hold units. */
export async function countOpenOrdersOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number | string>`count(*)`.as('total'))
    .where('user_id', '=', userId)
    .where('payment_status', '=', 'waiting')
    .where('stock_reserved', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertOrder(db: Db, order: NewOrderRow): Promise<void> {
  await db.insertInto('orders').values(order).execute();
}

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
    .where('payment_id', '=', paymentId)
    .execute();
}

export async function findOrder(db: Db, paymentId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

/** Deletes the order only while its status is one of `statuses`; false otherwise (or when it is gone). */
export async function deleteOrder(
  db: Db,
  paymentId: string,
  statuses: readonly PaymentStatus[],
): Promise<boolean> {
  if (statuses.length === 0) return false;
  const result = await db
    .deleteFrom('orders')
    .where('payment_id', '=', paymentId)
    .where('payment_status', 'in', [...statuses])
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Sets the status only while the order is in one of `from`: concurrent callbacks cannot both move it,
 * nor move it backwards. `dropInvoice` forgets the invoice link (an order that can no longer be paid).
 * True when it changed.
 */
export async function advanceStatus(
  db: Db,
  paymentId: string,
  to: PaymentStatus,
  from: readonly PaymentStatus[],
  at: string,
  dropInvoice = false,
): Promise<boolean> {
  if (from.length === 0) return false;
  const result = await db
    .updateTable('orders')
    .set({ payment_status: to, updated_at: at, ...(dropInvoice ? { invoice_url: null } : {}) })
    .where('payment_id', '=', paymentId)
    .where('payment_status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Brings an expired order back to `to` (money arrived for it), holding its units again or, when they
 * could not be taken, flagged for the seller. Only while it is still expired and holds nothing: two
 * callbacks racing cannot both revive it. True when it changed.
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
      updated_at: at,
    })
    .where('payment_id', '=', paymentId)
    .where('payment_status', '=', 'expired')
    .where('stock_reserved', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Orders in `statuses` still holding stock, not shipped, made before `createdBefore`, and with no
 * verified payment callback since `quietSince`; oldest first.
 */
export async function findHeldOrdersBefore(
  db: Db,
  statuses: readonly PaymentStatus[],
  createdBefore: string,
  quietSince: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('payment_id')
    .where('stock_reserved', '=', 1)
    .where('shipped', '=', 0)
    .where('created_at', '<', createdBefore)
    .where('payment_status', 'in', [...statuses])
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_events')
            .select('payment_events.event_key')
            .whereRef('payment_events.payment_id', '=', 'orders.payment_id')
            .where('payment_events.received_at', '>=', quietSince),
        ),
      ),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.payment_id);
}

/** An order with its product's picture count now (null when the product is gone). */
export type OrderWithImagesRow = OrderRow & { image_count: number | null };
export type AdminOrderRow = OrderWithImagesRow;

export async function findOrdersOfUser(db: Db, userId: string): Promise<OrderWithImagesRow[]> {
  return db
    .selectFrom('orders')
    .leftJoin('products', (join) =>
      join.onRef('products.shop', '=', 'orders.shop').onRef('products.id', '=', 'orders.product_id'),
    )
    .selectAll('orders')
    .select('products.image_count')
    .where('orders.user_id', '=', userId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
}
