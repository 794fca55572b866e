import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 9, the shop front at scale:
 *
 * 1. An index for the title search (docs/product.md §5: case-insensitive substring of the title, i.e. of
 *    `title_folded`). SQLite: an FTS5 trigram table over `title_folded`, external content (the products
 *    table keeps the only copy of the text), kept in step by triggers so every write path stays right;
 *    built here from the rows already there. It folds nothing itself (case_sensitive 1): the column is
 *    already folded in JavaScript, and a second, different folding would change what matches.
 *    PostgreSQL: pg_trgm's GIN index, which serves `title_folded LIKE '%…%'` as it is.
 * 2. A per-shop catalogue version, bumped by triggers in the writing transaction on every change a
 *    shopper can see (products and their conditions), except a product's view count alone: views come
 *    too often to throw every cached catalogue away (the cache bounds their staleness by age instead).
 *    Every app process reads it with one primary-key lookup to know whether its cache is still good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_versions')
    .addColumn('shop', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

/** `old.a is not new.a or …` over every column of the table but the excepted ones (SQLite). */
export async function anyColumnChanged(db: Kysely<unknown>, table: string, except: readonly string[]) {
  const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  const changed = columns.rows
    .map((column) => column.name)
    .filter((name) => !except.includes(name))
    .map((name) => sql`old.${sql.id(name)} is not new.${sql.id(name)}`);
  return sql.join(changed, sql` or `);
}

/** Upserts +1 on a shop's version (SQLite trigger body statement). */
export const bumpSqlite = (shop: 'old' | 'new') =>
  sql`insert into catalog_versions (shop, version) values (${sql.raw(shop)}.shop, 1)
      on conflict (shop) do update set version = version + 1;`;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  // Rowid-keyed external content: the FTS row of a product is the products row of the same rowid.
  // (SQLite's VACUUM may renumber the rowids of a table without an INTEGER PRIMARY KEY; after a VACUUM
  // run `insert into products_title_fts(products_title_fts) values ('rebuild')`.)
  await sql`create virtual table products_title_fts using fts5(
    title_folded, content = 'products', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  await sql`create trigger products_title_fts_insert after insert on products begin
    insert into products_title_fts (rowid, title_folded) values (new.rowid, new.title_folded);
  end`.execute(db);
  await sql`create trigger products_title_fts_delete after delete on products begin
    insert into products_title_fts (products_title_fts, rowid, title_folded)
      values ('delete', old.rowid, old.title_folded);
  end`.execute(db);
  await sql`create trigger products_title_fts_update after update of title_folded on products begin
    insert into products_title_fts (products_title_fts, rowid, title_folded)
      values ('delete', old.rowid, old.title_folded);
    insert into products_title_fts (rowid, title_folded) values (new.rowid, new.title_folded);
  end`.execute(db);
  await sql`insert into products_title_fts (products_title_fts) values ('rebuild')`.execute(db);

  for (const table of ['products', 'product_conditions']) {
    const name = (event: string) => sql.id(`${table}_catalog_version_${event}`);
    await sql`create trigger ${name('insert')} after insert on ${sql.id(table)} begin
      ${bumpSqlite('new')}
    end`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.id(table)} begin
      ${bumpSqlite('old')}
    end`.execute(db);
    // Only a real change counts (the stock lock's no-op UPDATE does not), and a view alone does not.
    // The column list is taken now: a later migration adding a column to these tables must recreate
    // this trigger (catalog-cache.test.ts fails until it does).
    const changed = await anyColumnChanged(db, table, table === 'products' ? ['view_count'] : []);
    await sql`create trigger ${name('update')} after update on ${sql.id(table)} when ${changed} begin
      ${bumpSqlite('old')}
      ${bumpSqlite('new')}
    end`.execute(db);
  }
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // pg_trgm is a trusted extension (PostgreSQL 13+): a role that may create in the database may add it.
  // Wherever it already lives (tests share one in public), its operator class is named by that schema.
  const trgmSchema = async () =>
    (
      await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema
        from pg_extension where extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  if ((await trgmSchema()) === undefined) await sql`create extension if not exists pg_trgm`.execute(db);
  const schema = await trgmSchema();
  if (schema === undefined) throw new Error('the pg_trgm extension could not be created');
  await sql`create index products_title_trgm on products
    using gin (title_folded ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);

  await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        insert into catalog_versions (shop, version) values (old.shop, 1)
          on conflict (shop) do update set version = catalog_versions.version + 1;
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.shop is distinct from old.shop) then
        insert into catalog_versions (shop, version) values (new.shop, 1)
          on conflict (shop) do update set version = catalog_versions.version + 1;
      end if;
      return null;
    end
  $$`.execute(db);
  for (const table of ['products', 'product_conditions']) {
    await sql`create trigger ${sql.id(`${table}_catalog_version`)} after insert or delete on ${sql.id(table)}
      for each row execute function bump_catalog_version()`.execute(db);
    // Only a real change counts (the stock lock's no-op UPDATE does not), and a view alone does not.
    const changed =
      table === 'products'
        ? sql`(to_jsonb(old) - 'view_count') is distinct from (to_jsonb(new) - 'view_count')`
        : sql`old.* is distinct from new.*`;
    await sql`create trigger ${sql.id(`${table}_catalog_version_update`)} after update on ${sql.id(table)}
      for each row when (${changed}) execute function bump_catalog_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of ['products', 'product_conditions']) {
      await sql`drop trigger ${sql.id(`${table}_catalog_version`)} on ${sql.id(table)}`.execute(db);
      await sql`drop trigger ${sql.id(`${table}_catalog_version_update`)} on ${sql.id(table)}`.execute(db);
    }
    await sql`drop function bump_catalog_version()`.execute(db);
    await sql`drop index products_title_trgm`.execute(db);
  } else {
    for (const table of ['products', 'product_conditions']) {
      for (const event of ['insert', 'delete', 'update']) {
        await sql`drop trigger ${sql.id(`${table}_catalog_version_${event}`)}`.execute(db);
      }
    }
    for (const event of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.id(`products_title_fts_${event}`)}`.execute(db);
    }
    await sql`drop table products_title_fts`.execute(db);
  }
  await db.schema.dropTable('catalog_versions').execute();
}
