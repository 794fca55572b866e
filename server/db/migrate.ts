import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import * as catalog from './migrations/0001_catalog.js';
import * as adminAuth from './migrations/0002_admin_auth.js';
import * as adminSessionKeys from './migrations/0003_admin_session_keys.js';
import * as productViews from './migrations/0004_product_views.js';
import * as buying from './migrations/0005_buying.js';
import * as orderAttention from './migrations/0006_order_attention.js';
import * as chat from './migrations/0007_chat.js';
import * as catalogSearchAndVersion from './migrations/0008_catalog_search_and_version.js';
import * as statementCatalogVersion from './migrations/0009_statement_catalog_version.js';
import * as chatImages from './migrations/0010_chat_images.js';
import * as warrantyMonths from './migrations/0011_warranty_months.js';
import * as mailOutbox from './migrations/0012_mail_outbox.js';
import * as paymentExceptions from './migrations/0013_payment_exceptions.js';
import * as chatEmailNotices from './migrations/0014_chat_email_notices.js';
import * as shippingAddresses from './migrations/0015_shipping_addresses.js';
import * as ledgerReturnsActivity from './migrations/0016_ledger_returns_activity.js';
import * as orderShippedAt from './migrations/0017_order_shipped_at.js';
import * as buyerTokenRevocations from './migrations/0018_buyer_token_revocations.js';
import * as moneyExceptions from './migrations/0019_money_exceptions.js';
import * as priceChecks from './migrations/0020_price_checks.js';
import * as productClicks from './migrations/0021_product_clicks.js';
import * as stockCountsPricedUnits from './migrations/0022_stock_counts_priced_units.js';

/** Every migration, in order; both dialects run the same list. */
const migrations: Record<string, Migration> = {
  '0001_catalog': catalog,
  '0002_admin_auth': adminAuth,
  '0003_admin_session_keys': adminSessionKeys,
  '0004_product_views': productViews,
  '0005_buying': buying,
  '0006_order_attention': orderAttention,
  '0007_chat': chat,
  '0008_catalog_search_and_version': catalogSearchAndVersion,
  '0009_statement_catalog_version': statementCatalogVersion,
  '0010_chat_images': chatImages,
  '0011_warranty_months': warrantyMonths,
  '0012_mail_outbox': mailOutbox,
  '0013_payment_exceptions': paymentExceptions,
  '0014_chat_email_notices': chatEmailNotices,
  '0015_shipping_addresses': shippingAddresses,
  '0016_ledger_returns_activity': ledgerReturnsActivity,
  '0017_order_shipped_at': orderShippedAt,
  '0018_buyer_token_revocations': buyerTokenRevocations,
  '0019_money_exceptions': moneyExceptions,
  '0020_price_checks': priceChecks,
  '0021_product_clicks': productClicks,
  '0022_stock_counts_priced_units': stockCountsPricedUnits,
};

// Kysely's Migrator works on an untyped database; the table types do not apply to migrations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function migrator(db: AnyDb, schema: string | undefined): Migrator {
  // With a PostgreSQL schema of its own (tests), keep the migration tables there too: Kysely otherwise
  // finds another schema's migration tables and skips creating its own.
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

function check({ error, results }: MigrationResultSet): void {
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/**
 * Kysely's migrator lists the tables of every schema of the database first. When another schema is
 * dropped during that listing (test runs sharing one PostgreSQL, each dropping its own schemas after its
 * last file), it fails with 'schema "…" does not exist' (or 'relation "….table" does not exist') naming a schema
 * that is not ours. Nothing has
 * been migrated then, so the run is simply tried again.
 */
export function anotherSchemaVanished(error: unknown, schema: string | undefined): boolean {
  if (!(error instanceof Error)) return false;
  // The schema itself, or one of its tables whose columns were being listed ('relation "s.t" does not exist').
  const vanished = /(?:schema "([^"]+)"|relation "([^".]+)\.[^"]+") does not exist/.exec(error.message);
  const named = vanished?.[1] ?? vanished?.[2];
  return named !== undefined && named !== schema;
}

async function migrate(run: () => Promise<MigrationResultSet>, schema: string | undefined): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await run();
    if (attempt < 3 && anotherSchemaVanished(result.error, schema)) continue;
    check(result);
    return;
  }
}

export async function migrateToLatest(db: AnyDb, schema?: string): Promise<void> {
  await migrate(() => migrator(db, schema).migrateToLatest(), schema);
}

/** Up to and including `name` only (a migration's test starts from the database before it). */
export async function migrateUpTo(db: AnyDb, name: string, schema?: string): Promise<void> {
  await migrate(() => migrator(db, schema).migrateTo(name), schema);
}
