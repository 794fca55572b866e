/** Outbound clicks (issue 29): at most one per product per client per window, their 30-day counts and purge. */
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/types.js';

type Db = Kysely<Database>;

/** What a click came to: no such product, or whether it was counted (false: a repeat within the window). */
export type ClickOutcome = 'no-product' | 'counted' | 'repeat';

/**
 * Counts a click unless this client has a counted click of the product newer than `countedAfter`. One
 * INSERT … SELECT decides: an unknown product inserts nothing, a recent click of the same client inserts
 * nothing. On SQLite that statement runs under the database's one write lock, so two at once (from any
 * number of processes) cannot both pass; on PostgreSQL a transaction-scoped advisory lock on (product,
 * client) makes the second wait for the first and then see its row.
 */
export async function countClick(
  db: Db,
  shop: string,
  id: number,
  clicker: string,
  at: string,
  countedAfter: string,
): Promise<ClickOutcome> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      // Two int4 keys (29 = the issue): a key space apart from withAdvisoryLock's single int8 keys
      // (db/advisory-lock.ts), so no other lock of the app shares these; held until the transaction ends.
      await sql`select pg_advisory_xact_lock(29, hashtext(${`${shop}:${id}:${clicker}`}))`.execute(trx);
    }
    const inserted = await trx
      .insertInto('product_clicks')
      .columns(['shop', 'product_id', 'clicker', 'clicked_at'])
      .expression(
        trx
          .selectFrom('products')
          .select((eb) => ['shop', 'id', eb.val(clicker).as('clicker'), eb.val(at).as('clicked_at')])
          .where('shop', '=', shop)
          .where('id', '=', id)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('product_clicks')
                  .select('product_clicks.product_id')
                  .where('product_clicks.shop', '=', shop)
                  .where('product_clicks.product_id', '=', id)
                  .where('product_clicks.clicker', '=', clicker)
                  .where('product_clicks.clicked_at', '>', countedAfter),
              ),
            ),
          ),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('product_id')
      .executeTakeFirst();
    if (inserted) return 'counted';
    const exists = await trx
      .selectFrom('products')
      .select('id')
      .where('shop', '=', shop)
      .where('id', '=', id)
      .executeTakeFirst();
    return exists ? 'repeat' : 'no-product';
  });
}

/** Each of `ids`' counted clicks since `since` (products without any are left out). */
export async function clicksSince(
  db: Db,
  shop: string,
  ids: readonly number[],
  since: string,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .selectFrom('product_clicks')
      .select(['product_id', sql<number | string>`count(*)`.as('clicks')])
      .where('shop', '=', shop)
      .where('product_id', 'in', ids.slice(i, i + 1000))
      .where('clicked_at', '>=', since)
      .groupBy('product_id')
      .execute();
    for (const row of rows) counts.set(row.product_id, Number(row.clicks));
  }
  return counts;
}

/** A products row's clicks since `since`, as a correlated count (the index product_clicks_product answers it). */
export function clicksSinceExpression(since: string): RawBuilder<number> {
  return sql<number>`(select count(*) from product_clicks where product_clicks.shop = products.shop and product_clicks.product_id = products.id and product_clicks.clicked_at >= ${since})`;
}

/** Deletes up to `limit` click records older than `before`, oldest first; returns how many went. */
export async function purgeClicksBefore(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('product_clicks')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('shop', 'product_id', 'clicker', 'clicked_at'),
        'in',
        selectFrom('product_clicks')
          .select(['shop', 'product_id', 'clicker', 'clicked_at'])
          .where('clicked_at', '<', before)
          .orderBy('clicked_at')
          .limit(limit)
          .$asTuple('shop', 'product_id', 'clicker', 'clicked_at'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
