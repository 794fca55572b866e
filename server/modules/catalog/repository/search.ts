/** How a catalogue query narrows products: the filter, title search (trigram index or FTS5) and sort order. */
import { type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { SortMode } from '../../../../shared/shops.js';
import type { Database } from '../../../db/types.js';

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
export interface PlannedFilter extends ProductFilter {
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
export async function planFilter(db: Db, filter: ProductFilter | PlannedFilter): Promise<PlannedFilter> {
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

export function applyFilter<O>(
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
