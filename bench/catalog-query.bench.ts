/**
 * Catalogue query speed on a 100,000-product shop (DESIGN §9: a page query answers in single-digit ms).
 * Run: npm run bench [-- --products 100000]. Uses a SQLite file in bench/.data (kept between runs), or the
 * PostgreSQL at BENCH_DATABASE_URL. Prints median and p95 per query shape through the real service layer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { countProducts, foldForSearch } from '../server/modules/catalog/repository.js';
import { productRow } from '../server/test/fixtures.js';
import { getCatalogOverview, listCatalogPage } from '../server/modules/catalog/service.js';
import { catalogQuerySchema, overviewQuerySchema } from '../shared/schemas/catalog.js';

const argIndex = process.argv.indexOf('--products');
const total = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 100_000;
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

async function measure(name: string, run: () => Promise<unknown>, iterations = 200): Promise<void> {
  for (let i = 0; i < 10; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  console.log(
    `${name.padEnd(46)} median ${median.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`,
  );
}

const page = (query: Record<string, string>) => () => listCatalogPage(db, catalogQuerySchema.parse(query));
console.log(`${handle.dialect}, ${total} products in one shop`);
await measure('category grid, title order, page 1', page({ category: 'Audio 0' }));
await measure('category grid, title order, page 40', page({ category: 'Audio 0', page: '40' }));
await measure('category grid, most viewed', page({ category: 'Home 4', sort: 'views' }));
await measure('category grid, price low to high', page({ category: 'Home 4', sort: 'price_asc' }));
await measure('whole shop, price high to low, page 1', page({ sort: 'price_desc' }));
await measure('search "item 12" (substring scan)', page({ q: 'item 12' }), 50);
await measure(
  'overview (rows + TOP 25 + tree)',
  () => getCatalogOverview(db, overviewQuerySchema.parse({})),
  30,
);
await handle.close();
