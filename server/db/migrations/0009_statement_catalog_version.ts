import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 11, bulk edits at 100,000 products: PostgreSQL bumps the catalogue version once per statement
 * instead of once per row. The row triggers of 0008 upserted the same catalog_versions row for every
 * changed product; inside one transaction each upsert leaves a row version the next must step over, so
 * a bulk price change of 100,000 products took minutes (quadratic). Statement triggers with transition
 * tables see every row the statement wrote and bump each changed shop once, under the same rule: only
 * a real change counts (the stock lock's no-op UPDATE does not), and a view count alone does not.
 * A writer of many statements (the CSV import: two or three per row) sets the transaction-local
 * `storefront.defer_catalog_version` and bumps once itself, or its statements' upserts of the one
 * version row would add up the same way. SQLite keeps its row triggers: it has no row versions to step over (a bulk change there takes < 1 s).
 */
const TABLES = ['products', 'product_conditions'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES) {
    await sql`drop trigger ${sql.id(`${table}_catalog_version`)} on ${sql.id(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_catalog_version_update`)} on ${sql.id(table)}`.execute(db);
  }
  for (const table of TABLES) {
    // A row of the statement counts when its partner (same key) before the write differs from it in
    // anything but the view count, or has none. EXISTS stops at the first such row, so a bulk change
    // costs one row's comparison per shop; only a statement that changed nothing compares them all.
    const key =
      table === 'products'
        ? sql`o.shop = n.shop and o.id = n.id`
        : sql`o.shop = n.shop and o.product_id = n.product_id and o.condition = n.condition`;
    await sql`create function ${sql.id(`${table}_bump_catalog_version`)}() returns trigger language plpgsql as $$
      begin
        -- A long writer (the CSV import) defers the bumps and bumps once itself before committing.
        if current_setting('storefront.defer_catalog_version', true) = 'on' then
          return null;
        end if;
        if tg_op = 'INSERT' then
          insert into catalog_versions (shop, version) select distinct shop, 1 from new_rows
            on conflict (shop) do update set version = catalog_versions.version + 1;
        elsif tg_op = 'DELETE' then
          insert into catalog_versions (shop, version) select distinct shop, 1 from old_rows
            on conflict (shop) do update set version = catalog_versions.version + 1;
        else
          insert into catalog_versions (shop, version)
          select s.shop, 1 from (select distinct shop from new_rows union select distinct shop from old_rows) s
          where exists (
              select 1 from new_rows n left join old_rows o on ${key}
              where n.shop = s.shop
                and (o.shop is null or (to_jsonb(n) - 'view_count') is distinct from (to_jsonb(o) - 'view_count')))
            or exists (
              select 1 from old_rows o where o.shop = s.shop
                and not exists (select 1 from new_rows n where ${key}))
          on conflict (shop) do update set version = catalog_versions.version + 1;
        end if;
        return null;
      end
    $$`.execute(db);
  }
  for (const table of TABLES) {
    const name = (event: string) => sql.id(`${table}_catalog_version_${event}`);
    await sql`create trigger ${name('insert')} after insert on ${sql.id(table)}
      referencing new table as new_rows for each statement
      execute function ${sql.id(`${table}_bump_catalog_version`)}()`.execute(db);
    await sql`create trigger ${name('update')} after update on ${sql.id(table)}
      referencing old table as old_rows new table as new_rows for each statement
      execute function ${sql.id(`${table}_bump_catalog_version`)}()`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.id(table)}
      referencing old table as old_rows for each statement
      execute function ${sql.id(`${table}_bump_catalog_version`)}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.id(`${table}_catalog_version_${event}`)} on ${sql.id(table)}`.execute(db);
    }
    await sql`create trigger ${sql.id(`${table}_catalog_version`)} after insert or delete on ${sql.id(table)}
      for each row execute function bump_catalog_version()`.execute(db);
    const changed =
      table === 'products'
        ? sql`(to_jsonb(old) - 'view_count') is distinct from (to_jsonb(new) - 'view_count')`
        : sql`old.* is distinct from new.*`;
    await sql`create trigger ${sql.id(`${table}_catalog_version_update`)} after update on ${sql.id(table)}
      for each row when (${changed}) execute function bump_catalog_version()`.execute(db);
  }
  for (const table of TABLES) {
    await sql`drop function ${sql.id(`${table}_bump_catalog_version`)}()`.execute(db);
  }
}
