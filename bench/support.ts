/** What the benches share: production settings in a fresh DATA_DIR, a fresh database, the app listening, options. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../server/app.js';
import { type Config, loadConfig } from '../server/config.js';
import { type DatabaseHandle, type Dialect, openDatabase } from '../server/db/database.js';
import { selectPaymentProvider } from '../server/modules/payments/select-provider.js';
import { loadSecrets } from '../server/secrets.js';

/**
 * The configuration main.ts would load in production, with demo sign-in and the sandbox payment page
 * allowed (as for a public demo), no seed and silent logs; `extra` adds or overrides variables.
 */
export function benchConfig(extra: Record<string, string> = {}): { config: Config; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    ALLOW_DEMO_SIGN_IN: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'bench admin password',
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    ...extra,
  });
  return { config, dataDir };
}

/** `--name N` on the command line, a whole number of 1 or more, else `fallback`. */
export function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index > 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of 1 or more`);
  return value;
}

/** The PostgreSQL the benches may use: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else none. */
export const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** SQLite always; PostgreSQL too where benchDatabaseUrl is set. */
export const benchDialects: Dialect[] = benchDatabaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A fresh, unmigrated database: a SQLite file in `dataDir`, or a schema of its own in the PostgreSQL at
 * benchDatabaseUrl; `drop` removes that schema (nothing for SQLite: the caller removes dataDir).
 */
export async function openBenchDatabase(
  dialect: Dialect,
  dataDir: string,
): Promise<{ handle: DatabaseHandle; schema: string | undefined; drop: () => Promise<void> }> {
  const databaseUrl = benchDatabaseUrl;
  if (dialect === 'sqlite' || !databaseUrl) {
    return {
      handle: openDatabase({ sqliteFile: path.join(dataDir, 'shop.db') }),
      schema: undefined,
      drop: async () => {},
    };
  }
  const schema = `bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ databaseUrl, sqliteFile: '', pgSchema: schema });
  const drop = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  };
  return { handle, schema, drop };
}

/**
 * The app as main.ts builds it (the configured payment provider), without the unpaid-order sweep or
 * the client; `options` adds to or overrides those.
 */
export function createBenchApp(
  config: Config,
  handle: DatabaseHandle,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  return buildApp(
    {
      config,
      db: handle.db,
      dialect: handle.dialect,
      secrets: loadSecrets(config),
      paymentProvider: selectPaymentProvider(config),
    },
    { serveClient: false, orderSweepMs: 0, ...options },
  );
}

/** createBenchApp's app listening on 127.0.0.1 at a free port. */
export async function startBenchApp(
  config: Config,
  handle: DatabaseHandle,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const app = await createBenchApp(config, handle, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

/** A buyer's shipping form as the checkout benches post it (with an e-mail and google_id of their own). */
export const BENCH_SHIPPING = {
  address: '1 Main Street',
  postal_code: '12345',
  city: 'Springfield',
  state_prov: 'IL',
  contact_name: 'Bench Buyer',
  phone: '555-0100',
};
