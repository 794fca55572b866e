import { type Kysely, sql } from 'kysely';
import { changeProductsColumns } from './catalog-version-trigger.js';

/**
 * Issue 29: affiliate prices kept current by a price source (server/modules/price-sources/).
 *
 * - `products.price_hidden` (0/1): the price is not shown (too old while a source is configured, or the
 *   link answered as broken). Written by the refresh alone; a change bumps the catalogue version (the
 *   trigger is rebuilt over the new column), so every cached catalogue answer is made again.
 * - `price_checks`: per product, what the last check found (ASIN, when, result, broken link).
 * - `price_history`: each change of a product's price, kept 90 days.
 * - `price_passes`: per shop, the current or last pass over its products (cursor, counts, last error).
 * - `price_source_leases`: one row per source: when the next call may start, across every process, and
 *   the back-off after 429 or 5xx.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await changeProductsColumns(db, async () => {
    await db.schema
      .alterTable('products')
      .addColumn('price_hidden', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  });
  await sql`create table price_checks (
    shop varchar(20) not null,
    product_id integer not null,
    asin varchar(10),
    checked_at text,
    last_good_at text,
    result varchar(40) not null,
    broken integer not null default 0,
    primary key (shop, product_id)
  )`.execute(db);
  await sql`create table price_history (
    shop varchar(20) not null,
    product_id integer not null,
    at text not null,
    price_cents integer not null
  )`.execute(db);
  await sql`create index price_history_product on price_history (shop, product_id, at)`.execute(db);
  await sql`create index price_history_at on price_history (at)`.execute(db);
  await sql`create table price_passes (
    shop varchar(20) primary key,
    started_at text,
    ended_at text,
    cursor_id integer not null default 0,
    checked integer not null default 0,
    changed integer not null default 0,
    out_of_stock integer not null default 0,
    broken integer not null default 0,
    not_checked integer not null default 0,
    last_error text,
    last_error_at text
  )`.execute(db);
  await sql`create table price_source_leases (
    source varchar(40) primary key,
    next_call_at bigint not null,
    holder varchar(100),
    failures integer not null default 0
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['price_source_leases', 'price_passes', 'price_history', 'price_checks']) {
    await db.schema.dropTable(table).execute();
  }
  await changeProductsColumns(db, async () => {
    await db.schema.alterTable('products').dropColumn('price_hidden').execute();
  });
}
