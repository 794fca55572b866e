// First: zod must be configured before any schema is built (see shared/zodConfig.ts).
import '../shared/zodConfig.js';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoCatalogue } from './seed/seed.js';
import { selectPaymentProvider } from './modules/payments/select-provider.js';
import { loadSecrets } from './secrets.js';
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
  await migrateToLatest(handle.db);
  if (config.SEED_DEMO) await seedDemoCatalogue(handle.db, config.imagesDir);

  const app = await buildApp(
    { config, db: handle.db, dialect: handle.dialect, secrets, paymentProvider },
    { logger: true },
  );
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
