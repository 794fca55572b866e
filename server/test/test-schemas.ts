/**
 * PostgreSQL schemas for tests: each test app works in a schema of its own, and every schema of a run is
 * dropped once, after its last file (global-setup.ts), never while other files run. Kysely's migrator
 * lists every table of the database; a `drop schema … cascade` from another file at that moment fails it
 * with 'schema "test_…" does not exist' (seen with two files at once).
 */
import crypto from 'node:crypto';
import pg from 'pg';

/** The environment variable that carries the run's tag to the workers and every process they start. */
export const RUN_VARIABLE = 'STOREFRONT_TEST_RUN';

/** This run's tag (global-setup.ts sets it before the workers start, so they all share it). */
export function testRun(): string {
  const given = process.env[RUN_VARIABLE];
  if (given) return given;
  const run = crypto.randomBytes(4).toString('hex');
  process.env[RUN_VARIABLE] = run;
  return run;
}

/** Creates a new schema for one test app, with pg_trgm shared in public, and returns its name. */
export async function createTestSchema(url: string): Promise<string> {
  const schema = `test_${testRun()}_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
    await ensureSharedTrigramExtension(client);
  } finally {
    await client.end();
  }
  return schema;
}

/** Drops every schema this run made. */
export async function dropTestSchemas(url: string, run = testRun()): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like $1`,
      [`test\\_${run}\\_%`],
    );
    for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
  } finally {
    await client.end();
  }
}

/** pg_trgm once, in public, where every test schema finds it (two files may race to create it). */
async function ensureSharedTrigramExtension(client: pg.Client): Promise<void> {
  try {
    await client.query('create extension if not exists pg_trgm with schema public');
  } catch (error) {
    const made = await client.query(`select 1 from pg_extension where extname = 'pg_trgm'`);
    if (made.rowCount === 0) throw error;
  }
}
