// First: zod must be configured before any schema is built (see shared/zodConfig.ts).
import '../shared/zodConfig.js';
import path from 'node:path';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { DatabaseUnavailableError, isServerUnavailableCode } from './db/errors.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoCatalogue } from './seed/seed.js';
import { selectPaymentProvider } from './modules/payments/index.js';
import { loadSecrets } from './secrets.js';
import { StartupError, waitForDependency } from './deadline.js';
import { startupBanner } from './startup-banner.js';

const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const secrets = loadSecrets(config);
  // Before the database opens: a nowpayments setup missing a piece stops here with its sentence.
  const paymentProvider = selectPaymentProvider(config);
  const handle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(config.dataDir, 'shop.db'),
  });
  await waitForDatabase(handle);
  await migrateToLatest(handle.db);
  if (config.SEED_DEMO) await seedDemoCatalogue(handle.db, config.imagesDir);

  const app = await buildApp(
    { config, db: handle.db, dialect: handle.dialect, secrets, paymentProvider },
    { logger: true },
  );
  const postgres = handle.postgres;
  // Once where an outage starts and once where it ends; the requests it fails answer 503 without a line each.
  postgres?.availability.onChange(({ reachable, cause }) => {
    if (reachable) app.log.info(`database reachable again (PostgreSQL at ${postgres.address})`);
    else
      app.log.error(
        { err: cause },
        `database unreachable (PostgreSQL at ${postgres.address}): calls that need it answer 503 until it answers again`,
      );
  });
  if (paymentProvider.name === 'sandbox' && config.NODE_ENV === 'production') {
    app.log.warn(
      'Payments run in the sandbox: a buyer can mark an order paid without paying. Set NOWPAYMENTS_API_KEY to take real payments.',
    );
  }
  const shutdown = async () => {
    // Stop accepting, let requests in flight finish, close sockets and the database; a stuck piece
    // must not keep a process manager waiting, so the process ends within 10 s whatever happens.
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(
    startupBanner({
      config,
      secrets,
      paymentProviderName: paymentProvider.name,
      baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`,
    }),
  );
}

/**
 * PostgreSQL still starting gets 10 s to answer; then, or at once for a wrong password or a database that
 * does not exist, the start stops with one sentence naming it. SQLite is a file: nothing to wait for.
 */
async function waitForDatabase(handle: DatabaseHandle): Promise<void> {
  if (!handle.postgres) return;
  const name = `PostgreSQL at ${handle.postgres.address}`;
  const turnedAway = (error: unknown) =>
    error instanceof DatabaseUnavailableError && error.reason === 'server' ? error.cause : undefined;
  await waitForDependency({
    name,
    attempt: () => sql`select 1`.execute(handle.db),
    permanent: (error) => {
      const refusal = turnedAway(error) as { code?: unknown; message?: string } | undefined;
      if (!refusal || isServerUnavailableCode(refusal.code)) return undefined;
      return `${name} refused the app: ${refusal.message ?? 'no reason given'}.`;
    },
    giveUp: (failure, limitMs) => {
      const seconds = `${Math.round(limitMs / 1000)} s`;
      if (!(failure instanceof DatabaseUnavailableError) || failure.reason === 'timeout') {
        return `${name} did not answer within ${seconds}.`;
      }
      if (failure.reason === 'refused') {
        return `${name} refused connections for ${seconds}: is it running, and is DATABASE_URL right?`;
      }
      const cause = failure.cause instanceof Error ? failure.cause.message : String(failure.cause);
      return `${name} could not be used for ${seconds} (${cause}).`;
    },
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
