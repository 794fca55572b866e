/** All SQL of the catalogue. Every function takes the database or a transaction. */
import { type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { SUMMARY_FIELD_COLUMNS } from '../../../shared/productFields.js';
import type { SortMode } from '../../../shared/shops.js';
import type {
  Database,
  NewProductRow,
  ProductConditionRow,
  ProductRow,
  ProductRowUpdate,
} from '../../db/types.js';

type Db = Kysely<Database>;

export interface ProductFilter {
  shop: string;
  /** Case-insensitive substring of the title. */
  search: string;
  category?: string | undefined;
  /** Open-box price sorts leave out products without a positive price (docs/product.md §5). */
  positivePriceOnly: boolean;
  /** The admin's products table: availability and open-box stock (none, exactly one, any). */
  availability?: 'YES' | 'NO' | undefined;
  stock?: 'out' | 'single' | 'in' | undefined;
}

/** Unicode case folding for search, the same for stored titles and for queries. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Folded queries shorter than this (in code points) have no trigram for an index to look up: they are
 * answered by the plain LIKE scan, which is exact at any length.
 */
export const TRIGRAM_MIN_LENGTH = 3;

/**
 * Above this many trigram-index matches a search is common enough that walking the rows in the page's
 * order with the LIKE finds a page sooner than the index (it stops after one page of matches), and
 * counting by a scan costs no more than joining that many index matches back to their rows.
 */
export const INDEXED_SEARCH_MAX_MATCHES = 2000;

/** A filter whose search has been planned: through SQLite's trigram table or by the LIKE alone. */
interface PlannedFilter extends ProductFilter {
  searchByIndex: boolean;
}

/** FTS5 query text matching `folded` as a substring: one quoted phrase, where only `"` needs doubling. */
function ftsPhrase(folded: string): string {
  return `"${folded.replaceAll('"', '""')}"`;
}

/**
 * Decides how to run the search. PostgreSQL's planner serves the LIKE from the pg_trgm GIN index by
 * itself. SQLite's LIKE cannot use an index, so for a folded query of 3+ characters it asks the FTS5
 * trigram table how many titles contain it, stopping at INDEXED_SEARCH_MAX_MATCHES + 1.
 */
async function planFilter(db: Db, filter: ProductFilter | PlannedFilter): Promise<PlannedFilter> {
  if ('searchByIndex' in filter) return filter;
  const folded = foldForSearch(filter.search);
  if (db.getExecutor().adapter instanceof PostgresAdapter || [...folded].length < TRIGRAM_MIN_LENGTH) {
    return { ...filter, searchByIndex: false };
  }
  const probe = await sql<{ matches: number }>`select count(*) as matches from (
      select rowid from products_title_fts where products_title_fts match ${ftsPhrase(folded)}
      limit ${INDEXED_SEARCH_MAX_MATCHES + 1})`.execute(db);
  return { ...filter, searchByIndex: Number(probe.rows[0]?.matches) <= INDEXED_SEARCH_MAX_MATCHES };
}

/**
 * The title search: `title_folded` containing the folded query, exactly as LIKE '%…%' answers it. The
 * trigram table, when planned, only narrows the rows: the query is one quoted phrase (so `OR`, `NEAR(`,
 * `*` are plain text) and the LIKE still decides, so the answer never depends on the tokenizer.
 */
function searchCondition(search: string, byIndex: boolean): RawBuilder<boolean> {
  const folded = foldForSearch(search);
  const like = sql<boolean>`products.title_folded like ${`%${escapeLike(folded)}%`} escape '\\'`;
  if (!byIndex) return like;
  return sql<boolean>`products.rowid in (select rowid from products_title_fts where products_title_fts match ${ftsPhrase(folded)}) and ${like}`;
}

function applyFilter<O>(
  query: SelectQueryBuilder<Database, 'products', O>,
  filter: PlannedFilter,
): SelectQueryBuilder<Database, 'products', O> {
  let filtered = query.where('products.shop', '=', filter.shop);
  if (filter.search) filtered = filtered.where(searchCondition(filter.search, filter.searchByIndex));
  if (filter.category !== undefined) filtered = filtered.where('products.category', '=', filter.category);
  if (filter.positivePriceOnly) filtered = filtered.where('products.price_cents', '>', 0);
  if (filter.availability) filtered = filtered.where('products.availability', '=', filter.availability);
  if (filter.stock === 'out') filtered = filtered.where('products.stock_quantity', '=', 0);
  if (filter.stock === 'single') filtered = filtered.where('products.stock_quantity', '=', 1);
  if (filter.stock === 'in') filtered = filtered.where('products.stock_quantity', '>', 0);
  return filtered;
}

/** The shop's products matching a filter, with the search planned: the caller selects and orders. */
export async function productsMatching(
  db: Db,
  filter: ProductFilter,
): Promise<SelectQueryBuilder<Database, 'products', object>> {
  return applyFilter(db.selectFrom('products'), await planFilter(db, filter));
}

/**
 * The shop's catalogue version (0 before its first product): database triggers bump it in the same
 * transaction as any change a shopper can see except view counts (migration 0008).
 */
export async function catalogVersion(db: Db, shop: string): Promise<number> {
  const row = await db
    .selectFrom('catalog_versions')
    .select('version')
    .where('shop', '=', shop)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * For a transaction of many writing statements (the CSV import): PostgreSQL's triggers stop bumping the
 * catalogue version until the transaction ends (migration 0009), and bumpCatalogVersion bumps it once.
 * SQLite's row triggers have no such cost and keep bumping.
 */
export async function deferCatalogVersionBumps(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select set_config('storefront.defer_catalog_version', 'on', true)`.execute(db);
}

export async function bumpCatalogVersion(db: Db, shop: string): Promise<void> {
  await sql`insert into catalog_versions (shop, version) values (${shop}, 1)
    on conflict (shop) do update set version = catalog_versions.version + 1`.execute(db);
}

/**
 * The updated_at a write gives a product: `at`, or one millisecond past the stored value when that is
 * not older (two writes in one millisecond, or another process's clock ahead of ours). updated_at is the
 * version an admin's edit is checked against, so it must never repeat or go back; worked out in the
 * statement from the row it writes, so a write that waited for the row's lock steps past the one before.
 * Stored values are always Date#toISOString() text, which sorts as time does.
 */
export function nextProductVersion(db: Db, at: string): RawBuilder<string> {
  const oneMsLater =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`to_char((updated_at::timestamptz + interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+0.001 seconds')`;
  return sql<string>`case when updated_at < ${at} then ${at} else ${oneMsLater} end`;
}

/** ORDER BY of each sort mode of docs/product.md §4; every order ends on id so pages never overlap. */
export function orderClause(sort: SortMode): RawBuilder<unknown> {
  switch (sort) {
    case 'views':
      return sql`view_count desc, id asc`;
    case 'rating':
      return sql`rate desc, title_folded asc, id asc`;
    case 'price_asc':
      return sql`price_cents asc, id asc`;
    case 'price_desc':
      return sql`price_cents desc, id asc`;
    // docs/product.md §4's open-box default: single-stock items first, then in stock, then out of stock.
    case 'stock':
      return sql`case when stock_quantity = 1 then 0 when stock_quantity > 1 then 1 else 2 end asc, title_folded asc, id asc`;
    case 'title':
      return sql`title_folded asc, id asc`;
  }
}

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

export async function findProduct(db: Db, shop: string, id: number): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop', '=', shop)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findConditions(
  db: Db,
  shop: string,
  productIds: readonly number[],
): Promise<ProductConditionRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_conditions')
    .selectAll()
    .where('shop', '=', shop)
    .where('product_id', 'in', [...new Set(productIds)])
    .execute();
}

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

export async function maxProductId(db: Db, shop: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select(sql<number | string | null>`max(id)`.as('max_id'))
    .where('shop', '=', shop)
    .executeTakeFirstOrThrow();
  return Number(row.max_id ?? 0);
}

export async function distinctCategories(db: Db, shop: string): Promise<{ main: string[]; sub: string[] }> {
  const pairs = await findCategoryPairs(db, shop);
  const main = [...new Set(pairs.map((pair) => pair.main_category))].sort();
  const sub = [...new Set(pairs.map((pair) => pair.category))].sort();
  return { main, sub };
}

/**
 * Adds a product row. An open-box product's conditions, and the price and stock derived from them, are
 * the stock module's to write (its writeConditions), in the same transaction.
 */
export async function insertProduct(db: Db, product: NewProductRow): Promise<void> {
  await db
    .insertInto('products')
    .values({ ...product, title_folded: foldForSearch(product.title) })
    .execute();
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function productExists(db: Db, shop: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('shop', '=', shop)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Updates a product's own columns (an open-box product's conditions and derived columns are the stock
 * module's). `changes.updated_at` is the write's time; the stored version moves past it as
 * nextProductVersion says. With `expectedVersion`, only while the stored updated_at is that one:
 * compared in the same statement that writes the row, so no purchase or other save can slip in between.
 * Answers the new updated_at, or undefined when nothing was written (no such product, or a newer version).
 */
export async function updateProduct(
  db: Db,
  shop: string,
  id: number,
  changes: ProductRowUpdate,
  { expectedVersion }: { expectedVersion?: string } = {},
): Promise<string | undefined> {
  const { updated_at: at, ...columns } = changes;
  let query = db
    .updateTable('products')
    .set({
      ...columns,
      ...(at === undefined ? {} : { updated_at: nextProductVersion(db, at) }),
      ...(changes.title === undefined ? {} : { title_folded: foldForSearch(String(changes.title)) }),
    })
    .where('shop', '=', shop)
    .where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('updated_at', '=', expectedVersion);
  const row = await query.returning('updated_at').executeTakeFirst();
  return row?.updated_at;
}

/**
 * Deletes the product; its conditions, cart lines and view rows go with it (foreign keys, on delete
 * cascade). The DELETE takes the products row before the cascade reaches its conditions, the stock
 * module's lock order (modules/stock/README.md).
 */
export async function deleteProduct(db: Db, shop: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('products')
    .where('shop', '=', shop)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Keeps image_count true after the gallery changed, and moves updated_at on so cached copies refresh.
 * `heldVersion` is the version the caller's edit form holds: when it is still the stored one, the answer
 * is the new version, which the form may then hold (the gallery change was its own); otherwise (another
 * change came between, or none was given) undefined, and the form's next save will be refused as stale.
 */
export async function setImageCount(
  db: Db,
  shop: string,
  id: number,
  count: number,
  at: string,
  heldVersion?: string,
): Promise<string | undefined> {
  const update = () =>
    db
      .updateTable('products')
      .set({ image_count: count, updated_at: nextProductVersion(db, at) })
      .where('shop', '=', shop)
      .where('id', '=', id);
  if (heldVersion !== undefined) {
    const row = await update()
      .where('updated_at', '=', heldVersion)
      .returning('updated_at')
      .executeTakeFirst();
    if (row) return row.updated_at;
  }
  await update().execute();
  return undefined;
}

export interface SitemapBucket {
  /** Products with ids in (bucket × size, (bucket + 1) × size]: at most `size` of them. */
  bucket: number;
  count: number;
  /** The newest updated_at among them. */
  lastmod: string;
}

/**
 * A shop's products cut into id ranges of `size` ids, each one sitemap file: a product stays in the same
 * file as others come and go, and no file can hold more than `size` URLs. Empty ranges are left out.
 */
export async function sitemapBuckets(db: Db, shop: string, size: number): Promise<SitemapBucket[]> {
  // A literal, not a parameter: PostgreSQL would not see "$1" in SELECT and "$3" in GROUP BY as one expression.
  const bucket = sql<number | string>`(id - 1) / ${sql.lit(Math.max(1, Math.trunc(size)))}`;
  const rows = await db
    .selectFrom('products')
    .select([
      bucket.as('bucket'),
      sql<number | string>`count(*)`.as('count'),
      sql<string>`max(updated_at)`.as('lastmod'),
    ])
    .where('shop', '=', shop)
    .groupBy(bucket)
    .orderBy(bucket)
    .execute();
  return rows.map((row) => ({ bucket: Number(row.bucket), count: Number(row.count), lastmod: row.lastmod }));
}

/** One keyset page of a shop's product ids and updated_at in (afterId, throughId], by id. */
export async function findSitemapEntries(
  db: Db,
  shop: string,
  afterId: number,
  throughId: number,
  limit: number,
): Promise<{ id: number; updated_at: string }[]> {
  return db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('shop', '=', shop)
    .where('id', '>', afterId)
    .where('id', '<=', throughId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
