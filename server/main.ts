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
  if (secrets.generatedPassword) {
    app.log.warn(
      `Admin password (generated, kept in ${config.dataDir}/secrets.json): ${secrets.adminPassword}`,
    );
  }
  if (paymentProvider.name === 'sandbox' && config.NODE_ENV === 'production') {
    app.log.warn(
      'Payments run in the sandbox: a buyer can mark an order paid without paying. Set NOWPAYMENTS_API_KEY to take real payments.',
    );
  }
  const shutdown = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
