/** SQL of the admin's products table and bulk actions. Every function takes the database or a transaction. */
import { type Kysely, PostgresAdapter, type RawBuilder, sql, type UpdateObject } from 'kysely';
import { PRODUCT_FIELDS, type ProductFieldColumn, unsetColumn } from '../../../shared/productFields.js';
import { MAX_PRICE_CENTS } from '../../../shared/rules/money.js';
import type { AdminProductSort } from '../../../shared/schemas/adminProducts.js';
import type { Database, NewProductRow, ProductRow } from '../../db/types.js';
import { statementChunks } from '../../db/statement-chunks.js';
import {
  clicksReportStart,
  clicksSinceOrder,
  nextProductVersion,
  orderClause,
  productsMatching,
  type ProductFilter,
} from '../catalog/index.js';
import type { ProductIds } from '../stock/index.js';

type Db = Kysely<Database>;

export type { ProductIds };

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
    // The most clicked of the last 30 days first (issue 29).
    case 'clicks':
      return sql`${clicksSinceOrder(clicksReportStart())} desc, id asc`;
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
export function changedCents(column: RawBuilder<unknown>, change: CentsChange): RawBuilder<number> {
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

// ── The CSV import's writes ──────────────────────────────────────────────────────────────────────────
// Many rows per statement (one statement per row cost more than the writes themselves, which kept the
// import's transaction, and on SQLite the whole database, held for seconds). Each awaits `pause` between
// its statements: the import lets the event loop serve other requests there.

/** Product columns the import writes: the registry's (shared/productFields.ts) and the folded title. */
export type ImportColumn = ProductFieldColumn | 'title_folded';
const INTEGER_COLUMNS = new Set<string>(
  PRODUCT_FIELDS.filter((field) => typeof unsetColumn(field) === 'number').map((field) => field.column),
);

/**
 * A value of a VALUES list: PostgreSQL types such a list's columns from its values, so integers and the
 * version (null for many rows) are cast there; SQLite needs none (they cost it 15–30 % more).
 */
function valueOf(
  postgres: boolean,
  type: 'integer' | 'text' | undefined,
  value: unknown,
): RawBuilder<unknown> {
  if (type === undefined || !postgres) return sql`${value}`;
  return type === 'integer' ? sql`cast(${value} as integer)` : sql`cast(${value} as text)`;
}

/** The stored version (updated_at) of each of these products that exists. */
export async function productVersions(
  db: Db,
  shop: string,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const versions = new Map<number, string>();
  for (const part of statementChunks(ids, 1)) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'updated_at'])
      .where('shop', '=', shop)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) versions.set(row.id, row.updated_at);
  }
  return versions;
}

export interface ColumnUpdate {
  id: number;
  /** The version the row may replace (its updated_at), or null for any. */
  version: string | null;
  /** One value per column of the statement, in its order. */
  values: readonly (string | number)[];
}

/**
 * Sets `columns` of many products, each row its own values, and moves updated_at on to `at`, where the product
 * exists and is still at the row's version: one UPDATE … FROM a VALUES list per few hundred rows (the
 * IN list makes SQLite look each product up instead of walking the shop). Rows with no column of
 * their own (only their conditions changed) still take the new updated_at. Answers how many products
 * it updated: fewer than `rows` means some were deleted or changed since their version was read.
 */
export async function updateProductColumns(
  db: Db,
  shop: string,
  columns: readonly ImportColumn[],
  rows: readonly ColumnUpdate[],
  at: string,
  pause: () => Promise<void>,
): Promise<number> {
  const names = sql.join([sql.id('id'), sql.id('version'), ...columns.map((column) => sql.id(column))]);
  const set = sql.join([
    ...columns.map((column) => sql`${sql.id(column)} = v.${sql.id(column)}`),
    // Strictly after the stored version, as every product write is (catalog/repository.ts).
    sql`updated_at = ${nextProductVersion(db, at)}`,
  ]);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let updated = 0;
  for (const part of statementChunks(rows, columns.length + 2)) {
    const values = sql.join(
      part.map(
        (row) =>
          sql`(${sql.join([
            valueOf(postgres, 'integer', row.id),
            valueOf(postgres, 'text', row.version),
            ...columns.map((column, i) =>
              valueOf(postgres, INTEGER_COLUMNS.has(column) ? 'integer' : undefined, row.values[i]),
            ),
          ])})`,
      ),
    );
    const result = await sql`with v (${names}) as (values ${values})
      update products set ${set} from v
      where products.shop = ${shop} and products.id in (select id from v) and products.id = v.id
        and (v.version is null or products.updated_at = v.version)`.execute(db);
    updated += Number(result.numAffectedRows ?? 0);
    await pause();
  }
  return updated;
}

/** Which of these ids the shop already has. */
export async function existingIds(db: Db, shop: string, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const part of statementChunks(ids, 1)) {
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('shop', '=', shop)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/**
 * Adds many products (title_folded included), a few hundred per statement. Their conditions and the
 * open box's derived columns are the stock module's (writeConditions).
 */
export async function insertProducts(
  db: Db,
  products: readonly NewProductRow[],
  pause: () => Promise<void>,
): Promise<void> {
  for (const part of statementChunks(products, 24)) {
    await db.insertInto('products').values(part).execute();
    await pause();
  }
}
