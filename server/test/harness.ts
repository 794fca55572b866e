/**
 * Builds a real app over a real database for a test: a fresh SQLite file in a temp folder, or a fresh
 * schema in the PostgreSQL at TEST_DATABASE_URL. Every test file gets its own; nothing is shared.
 */
import { createTestSchema } from './test-schemas.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { type Dialect, openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { PaymentProvider } from '../modules/payment-providers/index.js';
import { isDocumentedRoute } from '../modules/api-docs/index.js';
import { selectPaymentProvider } from '../modules/payments/index.js';
import { answerRecorder, takeDriftViolations } from './openapi-drift.js';
import { loadSecrets } from '../secrets.js';

export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';

export const TEST_DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  dataDir: string;
  /** PostgreSQL: the test's own schema (undefined on SQLite), e.g. for migrateToLatest. */
  schema: string | undefined;
  close(): Promise<void>;
}

/** A stand-in provider that answers at once with a made-up invoice, like the sandbox. */
export const standInPaymentProvider: PaymentProvider = {
  name: 'sandbox',
  async createInvoice({ paymentId }) {
    return { invoiceId: `inv_${paymentId}`, invoiceUrl: `/sandbox-pay/${paymentId}` };
  },
};

export interface TestAppOptions {
  /** The payment provider the app is built with (default: the one the config selects, as in main.ts). */
  paymentProvider?: PaymentProvider;
  /** Told of every route as it is registered. */
  onRoute?: BuildOptions['onRoute'];
  /** Log lines go here, as JSON (the logger is off otherwise). */
  logStream?: NodeJS.WritableStream;
  /** Handed the chat e-mail job (its timer is off in tests): the test runs it. */
  onChatEmailNotices?: BuildOptions['onChatEmailNotices'];
  /** Run the outbox sender every this many ms (default 0: off; a test sends with deliverDueMail). */
  mailSendMs?: number;
  /** The price refresh (issue 29): off by default (refreshMs 0); a test ticks it through onRefresh. */
  priceSources?: BuildOptions['priceSources'];
}

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SESSION_SECRET: 'test-session-secret',
    ...env,
  });
  let handle: DatabaseHandle;
  let schema: string | undefined;
  if (dialect === 'postgres') {
    // Dropped with the run's other schemas after the last file (test-schemas.ts), not in close().
    const url = process.env.TEST_DATABASE_URL!;
    schema = await createTestSchema(url);
    handle = openDatabase({ databaseUrl: url, sqliteFile: '', pgSchema: schema });
  } else {
    handle = openDatabase({ sqliteFile: path.join(dataDir, 'shop.db') });
  }
  await migrateToLatest(handle.db, schema);
  const secrets = loadSecrets(config);
  const paymentProvider = options.paymentProvider ?? selectPaymentProvider(config);
  // Every answer of a documented route is checked against the API document (openapi-drift.ts).
  const checkAnswers = answerRecorder();
  const onRoute: BuildOptions['onRoute'] = (route) => {
    options.onRoute?.(route);
    if (isDocumentedRoute(route.url))
      route.onSend = [route.onSend ?? []].flat().concat(checkAnswers(route.url));
  };
  // No sweep timer: tests run the sweep themselves, at the time they choose.
  const app = await buildApp(
    { config, db: handle.db, dialect, secrets, paymentProvider },
    {
      serveClient: false,
      orderSweepMs: 0,
      chatImageSweepMs: 0,
      chatEmailNoticeMs: 0,
      activityRetentionMs: 0,
      revocationPurgeMs: 0,
      clickPurgeMs: 0,
      ...(options.onChatEmailNotices ? { onChatEmailNotices: options.onChatEmailNotices } : {}),
      mailSendMs: options.mailSendMs ?? 0,
      priceSources: { refreshMs: 0, ...options.priceSources },
      ...(options.logStream ? { logStream: options.logStream } : {}),
      onRoute,
    },
  );
  await app.ready();
  return {
    app,
    handle,
    config,
    dataDir,
    schema,
    async close() {
      await app.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // Answers given outside any test (in beforeAll or afterAll) that the API document does not describe.
      const found = takeDriftViolations();
      if (found.length > 0) {
        throw new Error(`The API document does not describe these answers:\n- ${found.join('\n- ')}`);
      }
    },
  };
}

/**
 * pg_trgm lives in public for every test schema: created by the first test's migration inside its own
 * schema, it would go (with every other schema's trigram index) when that schema is dropped. Test files
 * run at once, so two may race to create it; the loser finds it made.
 */

/** The Authorization header a signed-in admin or buyer sends. */
export type AuthHeaders = { authorization: string };

/** Logs in through the real endpoint and returns the Authorization header for admin calls. */
export async function adminHeaders(t: TestApp): Promise<AuthHeaders> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { password: TEST_ADMIN_PASSWORD },
    remoteAddress: '10.9.9.9',
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return { authorization: `Bearer ${response.json().token}` };
}

export interface TestBuyer {
  sub: string;
  name?: string;
  email?: string;
}

/**
 * Signs a buyer in through the real demo endpoint (so the users row exists, as after a real sign-in) and
 * returns the Authorization header for buyer calls. Needs an app without GOOGLE_CLIENT_ID.
 */
export async function buyerHeaders(t: TestApp, buyer: TestBuyer): Promise<AuthHeaders> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/demo',
    payload: {
      sub: buyer.sub,
      name: buyer.name ?? `Buyer ${buyer.sub}`,
      email: buyer.email ?? `${buyer.sub.replace(/[^\w.-]/g, '_')}@example.com`,
    },
  });
  if (response.statusCode !== 200) throw new Error(`buyer sign-in failed: ${response.body}`);
  return { authorization: `Bearer ${response.json().token}` };
}

/** Where an app that listens answers on 127.0.0.1 (for socket.io clients and real HTTP). */
export function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Starts the app on 127.0.0.1 at a free port; its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return listeningUrl(app);
}
