/** SQL of the admin's products table and bulk actions. Every function takes the database or a transaction. */
import {
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
  type UpdateObject,
} from 'kysely';
import { MAX_PRICE_CENTS } from '../../../shared/rules.js';
import type { AdminProductSort } from '../../../shared/schemas/adminProducts.js';
import type { Database, ProductRow } from '../../db/types.js';
import {
  nextProductVersion,
  orderClause,
  productsMatching,
  type ProductFilter,
} from '../catalog/repository.js';

type Db = Kysely<Database>;

/** Products a bulk action reaches: a list of ids, or the ids a filter matches (one subquery, any size). */
export type ProductIds = readonly number[] | SelectQueryBuilder<Database, 'products', { id: number }>;

function adminOrder(sort: AdminProductSort): RawBuilder<unknown> {
  switch (sort) {
    case 'title':
    case 'price_asc':
    case 'price_desc':
    case 'views':
      return orderClause(sort);
    // Unlike the shop's stock order (single items first), the admin's lists the emptiest first.
    case 'stock':
      return sql`stock_quantity asc, id asc`;
    case 'updated':
      return sql`updated_at desc, id asc`;
    case 'id':
      return sql`id asc`;
  }
}

export async function findAdminProductPage(
  db: Db,
  filter: ProductFilter,
  sort: AdminProductSort,
  limit: number,
  offset: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const matching = await productsMatching(db, filter);
  const [rows, count] = await Promise.all([
    matching.selectAll().orderBy(adminOrder(sort)).limit(limit).offset(offset).execute(),
    matching.select(sql<number | string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function idsMatching(db: Db, filter: ProductFilter): Promise<ProductIds> {
  return (await productsMatching(db, filter)).select('products.id');
}

/**
 * Takes the products' rows first, in id order, as purchases and stock releases take a product's row
 * before its conditions or orders: a bulk change that writes conditions or orders first could wait on a
 * buyer who waits on it, and PostgreSQL would abort one as a deadlock. SQLite has one writer at a time.
 */
export async function lockProducts(db: Db, shop: string, ids: ProductIds): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db
    .selectFrom('products')
    .select('id')
    .where('shop', '=', shop)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** One UPDATE of every product a bulk action reaches, moving each one's updated_at on; answers how many rows it changed. */
export async function updateProducts(
  db: Db,
  shop: string,
  ids: ProductIds,
  changes: Omit<UpdateObject<Database, 'products'>, 'updated_at'>,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('products')
    .set({ ...changes, updated_at: nextProductVersion(db, at) })
    .where('shop', '=', shop)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A price change in whole units: a factor in basis points (10000 = unchanged), or cents to add. */
export type CentsChange = { basisPoints: number } | { addCents: number };

/**
 * The new price of `column` (a positive price) in SQL, integer arithmetic only so both databases round
 * alike: half a cent rounds up, never below one cent (0 means "no price", which a later raise would skip
 * for good), never above the largest price. bigint because cents × basis points
 * outgrows PostgreSQL's integer.
 */
function changedCents(column: RawBuilder<unknown>, change: CentsChange): RawBuilder<number> {
  const next =
    'basisPoints' in change
      ? sql`(cast(${column} as bigint) * ${sql.lit(change.basisPoints)} + 5000) / 10000`
      : sql`(cast(${column} as bigint) + ${sql.lit(change.addCents)})`;
  return sql<number>`case when ${next} < 1 then 1 when ${next} > ${sql.lit(MAX_PRICE_CENTS)} then ${sql.lit(MAX_PRICE_CENTS)} else ${next} end`;
}

/** Affiliate shops: every positive price changes (0 means the product shows no price, and stays so). */
export function changedPrice(change: CentsChange): RawBuilder<number> {
  return sql<number>`case when price_cents > 0 then ${changedCents(sql.ref('price_cents'), change)} else price_cents end`;
}

/**
 * Open box: every positive condition price changes, then each product's lowest positive price is
 * derived again (the column the shop sorts and filters by).
 */
export async function changeConditionPrices(
  db: Db,
  shop: string,
  ids: ProductIds,
  change: CentsChange,
  at: string,
): Promise<number> {
  await db
    .updateTable('product_conditions')
    .set({ price_cents: changedCents(sql.ref('price_cents'), change) })
    .where('shop', '=', shop)
    .where('product_id', 'in', ids)
    .where('price_cents', '>', 0)
    .execute();
  const result = await db
    .updateTable('products')
    .set({
      updated_at: nextProductVersion(db, at),
      price_cents: sql<number>`coalesce((select min(c.price_cents) from product_conditions c
        where c.shop = products.shop and c.product_id = products.id and c.price_cents > 0), 0)`,
    })
    .where('shop', '=', shop)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listIds(db: Db, shop: string, ids: ProductIds): Promise<number[]> {
  if (Array.isArray(ids)) {
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('shop', '=', shop)
      .where('id', 'in', ids as number[])
      .execute();
    return rows.map((row) => row.id);
  }
  return (await (ids as Exclude<ProductIds, readonly number[]>).execute()).map((row) => row.id);
}

/** Orders of these products stop holding units (the stock they held goes with the products). */
export async function dropReservationsOf(
  db: Db,
  shop: string,
  ids: readonly number[],
  at: string,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .updateTable('orders')
      .set({ stock_reserved: 0, updated_at: at })
      .where('shop', '=', shop)
      .where('product_id', 'in', ids.slice(i, i + 1000))
      .where('stock_reserved', '=', 1)
      .execute();
  }
}

export async function deleteProducts(db: Db, shop: string, ids: readonly number[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const result = await db
      .deleteFrom('products')
      .where('shop', '=', shop)
      .where('id', 'in', ids.slice(i, i + 1000))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/** One page of a shop's products in id order after `afterId` (the export walks the shop this way). */
export async function findProductsAfter(
  db: Db,
  shop: string,
  afterId: number,
  limit: number,
): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop', '=', shop)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function findProductsByIds(db: Db, shop: string, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop', '=', shop)
    .where('id', 'in', [...ids])
    .execute();
}
