/** Each shop's catalogue version (what cached answers are checked against) and a product's own version, its updated_at. */
import { type CompiledQuery, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/types.js';

type Db = Kysely<Database>;

/**
 * The shop's catalogue version (0 before its first product): database triggers bump it in the same
 * transaction as any change a shopper can see except view counts (migration 0008).
 */
interface VersionRow {
  version: number | string;
}
const versionQueries = new WeakMap<Db, CompiledQuery<VersionRow>>();

/**
 * The query compiled once per database and run with each shop as its parameter (Kysely's "execute
 * compiled queries" recipe): every catalogue GET asks it, and building and compiling its syntax tree
 * cost more than running it (bench/README.md, bench:http).
 */
function versionQuery(db: Db): CompiledQuery<VersionRow> {
  let query = versionQueries.get(db);
  if (!query) {
    query = db.selectFrom('catalog_versions').select('version').where('shop', '=', '').compile();
    versionQueries.set(db, query);
  }
  return query;
}

/**
 * The shop's catalogue version (0 before its first product): database triggers bump it in the same
 * transaction as any change a shopper can see except view counts (migration 0008).
 */
export async function catalogVersion(db: Db, shop: string): Promise<number> {
  const { rows } = await db.executeQuery<VersionRow>({ ...versionQuery(db), parameters: [shop] });
  return Number(rows[0]?.version ?? 0);
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
