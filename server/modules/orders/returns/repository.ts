/** All SQL of returns (issue 28). Every function takes the database or a transaction. */
import {
  type Insertable,
  type Kysely,
  PostgresAdapter,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { ReturnFilter } from '../../../../shared/schemas/returns.js';
import type { Database, OrderRow, ReturnRow, ReturnsTable } from '../../../db/types.js';

export type Db = Kysely<Database> | Transaction<Database>;
export type ReturnStatusValue = ReturnRow['status'];

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function insertReturn(db: Db, row: Insertable<ReturnsTable>): Promise<void> {
  await db.insertInto('returns').values(row).execute();
}

export async function rmaTaken(db: Db, rma: string): Promise<boolean> {
  return (
    (await db.selectFrom('returns').select('id').where('rma', '=', rma).executeTakeFirst()) !== undefined
  );
}

/** The returns of these order lines, oldest first: one query for a whole list. */
export async function findReturnsOfOrders(db: Db, orderIds: readonly number[]): Promise<ReturnRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('returns')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('requested_at')
    .orderBy('id')
    .execute();
}

/** The order line's row, held until the transaction ends (PostgreSQL), so two requests count in turn. */
export async function lockOrderLine(db: Db, paymentId: string): Promise<OrderRow | undefined> {
  const query = db.selectFrom('orders').selectAll().where('payment_id', '=', paymentId);
  return isPostgres(db) ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

/** Units of the line already being returned: every return of it not rejected. */
export async function unitsInReturn(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select(sql<number | string | null>`sum(quantity)`.as('units'))
    .where('order_id', '=', orderId)
    .where('status', '!=', 'rejected')
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

export type ReturnWithOrder = ReturnRow & {
  payment_id: string;
  group_id: string | null;
  shop: string;
  product_id: number;
  title: string;
  condition: string;
  order_quantity: number;
  shipped_at: string | null;
  email: string;
  contact_name: string;
};

function returnsWithOrders(db: Db) {
  return db
    .selectFrom('returns')
    .innerJoin('orders', 'orders.id', 'returns.order_id')
    .selectAll('returns')
    .select([
      'orders.payment_id',
      'orders.group_id',
      'orders.shop',
      'orders.product_id',
      'orders.title',
      'orders.condition',
      'orders.quantity as order_quantity',
      'orders.shipped_at',
      'orders.email',
      'orders.contact_name',
    ]);
}

/** A return with its order line; `lock` holds the return's row until the transaction ends (PostgreSQL). */
export async function findReturn(
  db: Db,
  rma: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ReturnWithOrder | undefined> {
  const query = returnsWithOrders(db).where('returns.rma', '=', rma);
  return lock && isPostgres(db) ? query.forUpdate('returns').executeTakeFirst() : query.executeTakeFirst();
}

/** Every return (or those of one status), newest first, with its order line and buyer. */
export async function listReturns(db: Db, status: ReturnFilter, limit: number): Promise<ReturnWithOrder[]> {
  let query = returnsWithOrders(db);
  if (status !== 'all') query = query.where('returns.status', '=', status);
  return query.orderBy('returns.requested_at', 'desc').orderBy('returns.id', 'desc').limit(limit).execute();
}

/**
 * Moves a return on only while it is in one of `from`, in one statement, so two decisions at once
 * cannot both pass (the second finds it moved and changes nothing). True when it moved.
 */
export async function moveReturn(
  db: Db,
  rma: string,
  from: readonly ReturnStatusValue[],
  set: Updateable<ReturnsTable> & { status: ReturnStatusValue; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('returns')
    .set(set)
    .where('rma', '=', rma)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
