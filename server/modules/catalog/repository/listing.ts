/** Catalogue reads for the shop pages: product pages, the most viewed, category rows and counts, and the full list in keyset pages. */
import { type Kysely, sql } from 'kysely';
import { SUMMARY_FIELD_COLUMNS } from '../../../../shared/productFields.js';
import type { SortMode } from '../../../../shared/shops.js';
import type { Database, ProductConditionRow, ProductRow } from '../../../db/types.js';
import { type ProductFilter, planFilter, applyFilter, orderClause } from './search.js';

type Db = Kysely<Database>;

/** The two statements of a catalogue page, its rows and its count (apart, so the bench can EXPLAIN them). */
export async function productPageQueries(
  db: Db,
  wanted: ProductFilter,
  sort: SortMode,
  limit: number,
  offset: number,
) {
  const filter = await planFilter(db, wanted);
  return {
    rows: applyFilter(db.selectFrom('products').selectAll(), filter)
      .orderBy(orderClause(sort))
      .limit(limit)
      .offset(offset),
    count: applyFilter(db.selectFrom('products').select(sql<number | string>`count(*)`.as('total')), filter),
  };
}

export async function findProductPage(
  db: Db,
  filter: ProductFilter,
  sort: SortMode,
  limit: number,
  offset: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const queries = await productPageQueries(db, filter, sort, limit, offset);
  const [rows, count] = await Promise.all([queries.rows.execute(), queries.count.executeTakeFirstOrThrow()]);
  return { rows, total: Number(count.total) };
}

export async function findMostViewed(db: Db, filter: ProductFilter, limit: number): Promise<ProductRow[]> {
  return applyFilter(db.selectFrom('products').selectAll(), await planFilter(db, filter))
    .orderBy(orderClause('views'))
    .limit(limit)
    .execute();
}

const ROWS_PER_STATEMENT = 200;

export interface CategoryCount {
  main_category: string;
  category: string;
  count: number;
}

/** How many products each (main, sub) category holds under the filter, sorted by main then sub. */
export async function countByCategory(db: Db, wanted: ProductFilter): Promise<CategoryCount[]> {
  const filter = await planFilter(db, wanted);
  const rows = await applyFilter(
    db
      .selectFrom('products')
      .select(['main_category', 'category', sql<number | string>`count(*)`.as('count')]),
    filter,
  )
    .groupBy(['main_category', 'category'])
    .orderBy('main_category')
    .orderBy('category')
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/**
 * The first `perRow` products of each given category, in the given order: one statement of
 * per-category LIMIT queries, each served by the (shop, category, …) indexes, rather than a window
 * over the whole shop.
 */
export async function findCategoryRows(
  db: Db,
  wanted: ProductFilter,
  categories: readonly CategoryCount[],
  sort: SortMode,
  perRow: number,
): Promise<ProductRow[]> {
  if (categories.length === 0) return [];
  const filter = await planFilter(db, wanted);
  // SQLite allows at most 500 terms in one compound SELECT: ask in slices.
  if (categories.length > ROWS_PER_STATEMENT) {
    const slices = [];
    for (let i = 0; i < categories.length; i += ROWS_PER_STATEMENT) {
      slices.push(findCategoryRows(db, filter, categories.slice(i, i + ROWS_PER_STATEMENT), sort, perRow));
    }
    return (await Promise.all(slices)).flat();
  }
  const member = (entry: CategoryCount, index: number) =>
    db
      .selectFrom(
        applyFilter(db.selectFrom('products').selectAll(), { ...filter, category: entry.category })
          .where('products.main_category', '=', entry.main_category)
          .orderBy(orderClause(sort))
          .limit(perRow)
          .as(`row_${index}`),
      )
      .selectAll();
  const [first, ...rest] = categories.map(member);
  const query = rest.reduce((union, next) => union.unionAll(next), first!);
  return query.execute();
}

export async function findCategoryPairs(
  db: Db,
  shop: string,
): Promise<{ main_category: string; category: string }[]> {
  return db
    .selectFrom('products')
    .select(['main_category', 'category'])
    .distinct()
    .where('shop', '=', shop)
    .orderBy('main_category')
    .orderBy('category')
    .execute();
}

export async function sumPricesByCategory(
  db: Db,
  shop: string,
): Promise<{ category: string; typical_cents: number; current_cents: number }[]> {
  const rows = await db
    .selectFrom('products')
    .select([
      'category',
      sql<number | string>`sum(typical_price_cents)`.as('typical_cents'),
      sql<number | string>`sum(price_cents)`.as('current_cents'),
    ])
    .where('shop', '=', shop)
    .groupBy('category')
    .execute();
  return rows.map((row) => ({
    category: row.category,
    typical_cents: Number(row.typical_cents),
    current_cents: Number(row.current_cents),
  }));
}

/** What a product summary shows (presenter.ProductSummaryRow): the full list reads no descriptions. */
const SUMMARY_COLUMNS = [
  'shop',
  'id',
  'view_count',
  'updated_at',
  'image_count',
  'price_cents',
  'price_hidden',
  ...SUMMARY_FIELD_COLUMNS,
] as const satisfies readonly (keyof ProductRow)[];

/**
 * One keyset page of a shop's products by id, with the columns of a summary: the first page when
 * `afterId` is undefined (whatever ids are stored), else the page after it.
 */
export async function findSummaryPage(db: Db, shop: string, afterId: number | undefined, limit: number) {
  let query = db.selectFrom('products').select(SUMMARY_COLUMNS).where('shop', '=', shop);
  if (afterId !== undefined) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

/** The conditions of a shop's products with ids in (afterId, throughId]: those of one keyset page. */
export async function findConditionsInIdRange(
  db: Db,
  shop: string,
  afterId: number | undefined,
  throughId: number,
): Promise<ProductConditionRow[]> {
  let query = db
    .selectFrom('product_conditions')
    .selectAll()
    .where('shop', '=', shop)
    .where('product_id', '<=', throughId);
  if (afterId !== undefined) query = query.where('product_id', '>', afterId);
  return query.execute();
}
