/** All SQL of the price checks (issue 29): the lease, the passes, the per-product checks and the history. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

type Db = Kysely<Database>;

export async function ensureLease(db: Db, source: string): Promise<void> {
  await db
    .insertInto('price_source_leases')
    .values({ source, next_call_at: 0, holder: null, failures: 0 })
    .onConflict((oc) => oc.column('source').doNothing())
    .execute();
}

/**
 * Takes the right to make the next call to `source` now, across every process sharing the database:
 * one conditional UPDATE, so two processes never both win. Held until `holdUntil` (past any call's
 * deadline) unless released sooner.
 */
export async function claimLease(db: Db, source: string, holder: string, now: number, holdUntil: number) {
  const result = await db
    .updateTable('price_source_leases')
    .set({ next_call_at: holdUntil, holder })
    .where('source', '=', source)
    .where('next_call_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(
  db: Db,
  source: string,
  holder: string,
  nextCallAt: number,
  failures: 'reset' | 'add' | 'keep',
): Promise<number> {
  const row = await db
    .updateTable('price_source_leases')
    .set({
      next_call_at: nextCallAt,
      holder: null,
      ...(failures === 'reset'
        ? { failures: 0 }
        : failures === 'add'
          ? { failures: sql<number>`failures + 1` }
          : {}),
    })
    .where('source', '=', source)
    .where('holder', '=', holder)
    .returning('failures')
    .executeTakeFirst();
  return row?.failures ?? 0;
}

export async function readLease(db: Db, source: string) {
  return db.selectFrom('price_source_leases').selectAll().where('source', '=', source).executeTakeFirst();
}

export async function findPass(db: Db, shop: string) {
  return db.selectFrom('price_passes').selectAll().where('shop', '=', shop).executeTakeFirst();
}

export async function startPass(db: Db, shop: string, at: string): Promise<void> {
  const fresh = {
    started_at: at,
    ended_at: null,
    cursor_id: 0,
    checked: 0,
    changed: 0,
    out_of_stock: 0,
    broken: 0,
    not_checked: 0,
  };
  await db
    .insertInto('price_passes')
    .values({ shop, ...fresh, last_error: null, last_error_at: null })
    .onConflict((oc) => oc.column('shop').doUpdateSet(fresh))
    .execute();
}

export interface PassProgress {
  cursor_id?: number;
  checked?: number;
  changed?: number;
  out_of_stock?: number;
  broken?: number;
  not_checked?: number;
}

export async function advancePass(db: Db, shop: string, progress: PassProgress, endedAt?: string) {
  const add = (column: keyof PassProgress & string, by: number | undefined) =>
    by ? { [column]: sql<number>`${sql.ref(column)} + ${by}` } : {};
  await db
    .updateTable('price_passes')
    .set({
      ...(progress.cursor_id === undefined ? {} : { cursor_id: progress.cursor_id }),
      ...add('checked', progress.checked),
      ...add('changed', progress.changed),
      ...add('out_of_stock', progress.out_of_stock),
      ...add('broken', progress.broken),
      ...add('not_checked', progress.not_checked),
      ...(endedAt === undefined ? {} : { ended_at: endedAt }),
    })
    .where('shop', '=', shop)
    .execute();
}

export async function recordPassError(db: Db, shop: string, error: string | null, at: string) {
  await db
    .insertInto('price_passes')
    .values({ shop, last_error: error, last_error_at: at })
    .onConflict((oc) => oc.column('shop').doUpdateSet({ last_error: error, last_error_at: at }))
    .execute();
}

/** Up to `limit` products of a shop after `afterId`, with what a check reads and writes. */
export async function productsAfter(db: Db, shop: string, afterId: number, limit: number) {
  return db
    .selectFrom('products')
    .leftJoin('price_checks', (join) =>
      join
        .onRef('price_checks.shop', '=', 'products.shop')
        .onRef('price_checks.product_id', '=', 'products.id'),
    )
    .select([
      'products.id',
      'products.link',
      'products.price_cents',
      'products.availability',
      'products.updated_at',
      'products.price_hidden',
      'price_checks.broken',
    ])
    .where('products.shop', '=', shop)
    .where('products.id', '>', afterId)
    .orderBy('products.id')
    .limit(limit)
    .execute();
}

export async function productForCheck(db: Db, shop: string, id: number) {
  return db
    .selectFrom('products')
    .select(['id', 'link', 'price_cents', 'availability'])
    .where('shop', '=', shop)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setPriceHidden(db: Db, shop: string, ids: readonly number[], hidden: 0 | 1) {
  if (ids.length === 0) return;
  await db
    .updateTable('products')
    .set({ price_hidden: hidden })
    .where('shop', '=', shop)
    .where('id', 'in', [...ids])
    .where('price_hidden', '!=', hidden)
    .execute();
}

export async function unhideEveryPrice(db: Db): Promise<void> {
  await db.updateTable('products').set({ price_hidden: 0 }).where('price_hidden', '=', 1).execute();
}

export async function saveCheck(
  db: Db,
  row: {
    shop: string;
    product_id: number;
    asin: string | null;
    checked_at: string;
    result: string;
    broken: number;
  },
  goodAt?: string,
) {
  const values = { ...row, last_good_at: goodAt ?? null };
  const update = { asin: row.asin, checked_at: row.checked_at, result: row.result, broken: row.broken };
  await db
    .insertInto('price_checks')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['shop', 'product_id']).doUpdateSet(goodAt ? { ...update, last_good_at: goodAt } : update),
    )
    .execute();
}

export async function findCheck(db: Db, shop: string, id: number) {
  return db
    .selectFrom('price_checks')
    .selectAll()
    .where('shop', '=', shop)
    .where('product_id', '=', id)
    .executeTakeFirst();
}

export async function brokenLinks(db: Db, shop: string, limit: number) {
  const rows = await db
    .selectFrom('price_checks')
    .innerJoin('products', (join) =>
      join
        .onRef('products.shop', '=', 'price_checks.shop')
        .onRef('products.id', '=', 'price_checks.product_id'),
    )
    .select(['products.id', 'products.title', 'price_checks.asin', 'price_checks.result'])
    .where('price_checks.shop', '=', shop)
    .where('price_checks.broken', '=', 1)
    .orderBy('products.id')
    .limit(limit)
    .execute();
  const count = await db
    .selectFrom('price_checks')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('shop', '=', shop)
    .where('broken', '=', 1)
    .executeTakeFirstOrThrow();
  return { rows, count: Number(count.n) };
}

export async function addHistory(db: Db, shop: string, productId: number, at: string, priceCents: number) {
  await db
    .insertInto('price_history')
    .values({ shop, product_id: productId, at, price_cents: priceCents })
    .execute();
}

export async function historyOf(db: Db, shop: string, productId: number, since: string) {
  return db
    .selectFrom('price_history')
    .select(['at', 'price_cents'])
    .where('shop', '=', shop)
    .where('product_id', '=', productId)
    .where('at', '>=', since)
    .orderBy('at')
    .execute();
}

export async function purgeHistory(db: Db, before: string): Promise<void> {
  await db.deleteFrom('price_history').where('at', '<', before).execute();
}
