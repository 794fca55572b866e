/** The sales dashboard's aggregates: each one query that reads the same on SQLite and PostgreSQL. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

type Db = Kysely<Database>;

/** A condition with this many units or fewer (but some) is running low. */
export const LOW_STOCK_QUANTITY = 2;

/**
 * Orders placed per UTC day since `since` (an ISO date). created_at is ISO-8601 text on both databases,
 * so its first ten characters are the UTC day. Revenue is the ledger's (issue 28).
 */
export async function ordersPerDay(db: Db, since: string): Promise<{ day: string; orders: number }[]> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('orders')
    .select([day.as('day'), sql<number | string>`count(*)`.as('orders')])
    .where('created_at', '>=', since)
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, orders: Number(row.orders) }));
}

export async function ordersByStatus(db: Db, since: string): Promise<{ status: string; orders: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['payment_status as status', sql<number | string>`count(*)`.as('orders')])
    .where('created_at', '>=', since)
    .groupBy('payment_status')
    .orderBy('payment_status')
    .execute();
  return rows.map((row) => ({ status: row.status, orders: Number(row.orders) }));
}

/** Paid orders the seller has not shipped yet, the longest waiting first. */
export async function paidNotShipped(db: Db, limit: number) {
  return db
    .selectFrom('orders')
    .select(['payment_id', 'title', 'total_cents', 'created_at'])
    .where('payment_status', '=', 'finished')
    .where('shipped', '=', 0)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

export async function lowStockConditions(db: Db, shop: string, limit: number) {
  return db
    .selectFrom('product_conditions as c')
    .innerJoin('products as p', (join) =>
      join.onRef('p.shop', '=', 'c.shop').onRef('p.id', '=', 'c.product_id'),
    )
    .select(['p.id', 'p.title', 'c.condition', 'c.available_quantity as quantity'])
    .where('c.shop', '=', shop)
    .where('c.price_cents', '>', 0)
    .where('c.available_quantity', '>', 0)
    .where('c.available_quantity', '<=', LOW_STOCK_QUANTITY)
    .orderBy('c.available_quantity', 'asc')
    .orderBy('p.id', 'asc')
    .limit(limit)
    .execute();
}

export async function mostViewed(db: Db, shop: string, limit: number) {
  return db
    .selectFrom('products')
    .select(['id', 'title', 'view_count as views'])
    .where('shop', '=', shop)
    .orderBy('view_count', 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}
