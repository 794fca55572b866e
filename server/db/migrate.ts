import { type Kysely, type Migration, Migrator } from 'kysely';
import * as catalog from './migrations/0001_catalog.js';
import * as adminAuth from './migrations/0002_admin_auth.js';

/** Every migration, in order; both dialects run the same list. */
const migrations: Record<string, Migration> = {
  '0001_catalog': catalog,
  '0002_admin_auth': adminAuth,
};

// Kysely's Migrator works on an untyped database; the table types do not apply to migrations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  // With a PostgreSQL schema of its own (tests), keep the migration tables there too: Kysely otherwise
  // finds another schema's migration tables and skips creating its own.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
