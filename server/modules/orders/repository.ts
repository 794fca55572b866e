/** All SQL of orders and the stock they hold. Every function takes the database or a transaction. */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import type { Database, NewOrderRow, OrderRow } from '../../db/types.js';
import { nextProductVersion } from '../catalog/repository.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface StockLine {
  shop: string;
  product_id: number;
  condition: string;
  quantity: number;
}

/**
 * Takes `quantity` units of a condition if that many are there (and, unless `forSale` is false, it has
 * a price): one conditional UPDATE, so concurrent buyers on either database can never take more than
 * exists. Returns the unit price it was taken at, or undefined when nothing was taken.
 */
export async function takeConditionStock(
  db: Db,
  line: StockLine,
  { forSale = true }: { forSale?: boolean } = {},
): Promise<number | undefined> {
  let query = db
    .updateTable('product_conditions')
    .set({ available_quantity: sql`available_quantity - ${line.quantity}` })
    .where('shop', '=', line.shop)
    .where('product_id', '=', line.product_id)
    .where('condition', '=', line.condition)
    .where('available_quantity', '>=', line.quantity);
  if (forSale) query = query.where('price_cents', '>', 0);
  const row = await query.returning('price_cents').executeTakeFirst();
  return row?.price_cents;
}

/**
 * Locks the product's row until the transaction ends (an UPDATE that changes nothing locks on both
 * databases; SELECT … FOR UPDATE is PostgreSQL's alone). False when there is no such product.
 */
export async function lockProductRow(db: Db, shop: string, productId: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ stock_quantity: eb.ref('stock_quantity') }))
    .where('shop', '=', shop)
    .where('id', '=', productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Moves the product's total stock by `delta` and moves updated_at on (the shop's product cache keys on
 * it, and an admin's edit opened before this is then refused instead of bringing the units back).
 * Relative, not recomputed: a waiting concurrent update then applies on top of the committed value.
 * Returns the title for the order's snapshot, or undefined when there is no such product.
 */
export async function moveProductStock(
  db: Db,
  shop: string,
  productId: number,
  delta: number,
  at: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('products')
    .set({ stock_quantity: sql`stock_quantity + ${delta}`, updated_at: nextProductVersion(db, at) })
    .where('shop', '=', shop)
    .where('id', '=', productId)
    .returning('title')
    .executeTakeFirst();
  return row?.title;
}

export async function giveBackConditionStock(db: Db, line: StockLine): Promise<void> {
  await db
    .updateTable('product_conditions')
    .set({ available_quantity: sql`available_quantity + ${line.quantity}` })
    .where('shop', '=', line.shop)
    .where('product_id', '=', line.product_id)
    .where('condition', '=', line.condition)
    .execute();
}

/**
 * Clears the order's hold on its units if it still has one, and says what it held (and whether it was
 * shipped): the one gate that makes every release happen exactly once, however many deletes, callbacks
 * and sweeps race for it.
 */
export async function clearStockReservation(
  db: Db,
  paymentId: string,
  at: string,
): Promise<(StockLine & { shipped: number }) | undefined> {
  return db
    .updateTable('orders')
    .set({ stock_reserved: 0, updated_at: at })
    .where('payment_id', '=', paymentId)
    .where('stock_reserved', '=', 1)
    .returning(['shop', 'product_id', 'condition', 'quantity', 'shipped'])
    .executeTakeFirst();
}

/**
 * A deleted product's orders stop holding units: its id may be handed to a new product, which a later
 * release would otherwise fill with stock it never had.
 */
export async function dropProductReservations(
  db: Db,
  shop: string,
  productId: number,
  at: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ stock_reserved: 0, updated_at: at })
    .where('shop', '=', shop)
    .where('product_id', '=', productId)
    .where('stock_reserved', '=', 1)
    .execute();
}

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
