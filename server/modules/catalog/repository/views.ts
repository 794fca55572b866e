/** Product views: at most one per product per client per 24 h, and the purge of expired ones. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/types.js';

type Db = Kysely<Database>;

/**
 * Counts a view unless this viewer's last counted view of the product is newer than `countedAfter`;
 * returns the product's view count either way, or undefined when there is no such product. One
 * upsert decides, atomically on both databases, so concurrent repeats from one viewer (from any number
 * of app processes) count once; the product row is only touched when the view counts.
 */
export async function countView(
  db: Db,
  shop: string,
  id: number,
  viewer: string,
  at: string,
  countedAfter: string,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    // INSERT … SELECT from products: an unknown product records nothing (SQLite's upsert needs the WHERE).
    const counted = await trx
      .insertInto('product_views')
      .columns(['shop', 'product_id', 'viewer', 'viewed_at'])
      .expression(
        trx
          .selectFrom('products')
          .select((eb) => ['shop', 'id', eb.val(viewer).as('viewer'), eb.val(at).as('viewed_at')])
          .where('shop', '=', shop)
          .where('id', '=', id),
      )
      .onConflict((oc) =>
        oc
          .columns(['shop', 'product_id', 'viewer'])
          .doUpdateSet({ viewed_at: (eb) => eb.ref('excluded.viewed_at') })
          .where('product_views.viewed_at', '<=', countedAfter),
      )
      .returning('product_id')
      .executeTakeFirst();
    const row = counted
      ? await trx
          .updateTable('products')
          .set({ view_count: sql`view_count + 1` })
          .where('shop', '=', shop)
          .where('id', '=', id)
          .returning('view_count')
          .executeTakeFirst()
      : await trx
          .selectFrom('products')
          .select('view_count')
          .where('shop', '=', shop)
          .where('id', '=', id)
          .executeTakeFirst();
    return row?.view_count;
  });
}

/** Deletes up to `limit` view records older than `before`, oldest first; returns how many went. */
export async function purgeViewsBefore(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('product_views')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('shop', 'product_id', 'viewer'),
        'in',
        selectFrom('product_views')
          .select(['shop', 'product_id', 'viewer'])
          .where('viewed_at', '<', before)
          .orderBy('viewed_at')
          .limit(limit)
          .$asTuple('shop', 'product_id', 'viewer'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
