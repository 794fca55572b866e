/**
 * The benches' generated catalogue: `total` products in shop 'default', in a SQLite file in bench/.data
 * (kept between runs) or the PostgreSQL at BENCH_DATABASE_URL, migrated to the latest schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { countProducts, foldForSearch } from '../server/modules/catalog/repository.js';
import { benchConfig, createBenchApp } from './support.js';
import { productRow } from '../server/test/fixtures.js';

export async function openBenchCatalog(total: number): Promise<DatabaseHandle> {
  const dataDir = path.resolve('bench/.data');
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    sqliteFile: path.join(dataDir, `bench-${total}.db`),
  });
  const { db } = handle;
  await migrateToLatest(db);

  const MAINS = ['Audio', 'Computers', 'Gaming', 'Home', 'Kitchen', 'Outdoors', 'Phones', 'Storage'];
  if ((await countProducts(db)) < total) {
    console.log(`generating ${total} products…`);
    await db.deleteFrom('products').execute();
    const batch = 500;
    for (let start = 1; start <= total; start += batch) {
      const rows = [];
      for (let id = start; id < Math.min(start + batch, total + 1); id += 1) {
        const main = MAINS[id % MAINS.length]!;
        const title = `Product ${(id * 7919) % total} ${main} item`;
        rows.push({
          ...productRow('default', id, {
            title,
            main_category: main,
            category: `${main} ${Math.floor(id / MAINS.length) % 8}`,
            price_cents: (id * 37) % 100_000,
            typical_price_cents: id % 3 === 0 ? (id * 41) % 120_000 : 0,
            rate: id % 6,
            availability: id % 10 === 0 ? 'NO' : 'YES',
            view_count: (id * 13) % 5000,
          }),
          // Inserted in bulk here, so set what insertProduct would.
          title_folded: foldForSearch(title),
        });
      }
      await db.insertInto('products').values(rows).execute();
    }
    // Fresh tables as autovacuum would leave them: statistics, and PostgreSQL's visibility map for index-only scans.
    await sql`${sql.raw(handle.dialect === 'sqlite' ? 'analyze' : 'vacuum analyze products')}`.execute(db);
  }
  return handle;
}

/** The app as main.ts builds it in production (no client, no unpaid-order sweep) over the bench catalogue. */
export async function buildBenchApp(handle: DatabaseHandle): Promise<FastifyInstance> {
  const { config, dataDir } = benchConfig();
  const app = await createBenchApp(config, handle);
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return app;
}
