import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { anyColumnChanged, bumpSqlite } from './0008_catalog_search_and_version.js';

/**
 * Adds or drops columns of `products` with `change`, keeping SQLite's update trigger that bumps the
 * catalogue version (0008) right: it lists the columns it compares, so it is dropped first (SQLite will
 * not drop a column a trigger names) and made again over the columns there are now
 * (catalog-cache.test.ts fails for a column it leaves out). PostgreSQL's statement trigger (0009)
 * compares whole rows and needs nothing.
 */
export async function changeProductsColumns(db: Kysely<unknown>, change: () => Promise<void>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return change();
  await sql`drop trigger products_catalog_version_update`.execute(db);
  await change();
  const changed = await anyColumnChanged(db, 'products', ['view_count']);
  await sql`create trigger products_catalog_version_update after update on products when ${changed} begin
    ${bumpSqlite('old')}
    ${bumpSqlite('new')}
  end`.execute(db);
}
