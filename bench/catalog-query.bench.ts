/**
 * Catalogue query speed on a 100,000-product shop (DESIGN §9: a page query answers in single-digit ms).
 * Run: npm run bench [-- --products 100000]. Uses a SQLite file in bench/.data (kept between runs), or the
 * PostgreSQL at BENCH_DATABASE_URL. Prints p50 and p99 per query shape through the real service layer,
 * and the query plans of a search page (rows and count) at each query length, to show which use the
 * trigram index.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import {
  catalogVersion,
  countProducts,
  foldForSearch,
  productPageQueries,
} from '../server/modules/catalog/repository.js';
import { catalogState } from '../server/modules/catalog/freshness.js';
import { productRow } from '../server/test/fixtures.js';
import {
  createOverviewCache,
  getCatalogOverview,
  listCatalogPage,
} from '../server/modules/catalog/service.js';
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
  const p50 = times[Math.floor(times.length / 2)]!;
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!;
  console.log(
    `${name.padEnd(46)} p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms`,
  );
}

/** The database's plan for a search page's two statements, one line per plan step. */
async function explainSearch(q: string): Promise<void> {
  const filter = { shop: 'default', search: q, positivePriceOnly: false };
  const queries = await productPageQueries(db, filter, 'title', 24, 0);
  for (const [name, query] of Object.entries(queries)) {
    const compiled = query.compile();
    const explain = handle.dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
    const plan = await db.executeQuery<Record<string, unknown>>({
      ...compiled,
      sql: explain + compiled.sql,
    });
    const lines = plan.rows.map((row) => String(row.detail ?? row['QUERY PLAN']));
    console.log(`  plan of "${q}" ${name}: ${lines.map((line) => line.trim()).join(' | ')}`);
  }
}

const page = (query: Record<string, string>) => () => listCatalogPage(db, catalogQuerySchema.parse(query));
console.log(`${handle.dialect}, ${total} products in one shop`);
await measure('category grid, title order, page 1', page({ category: 'Audio 0' }));
await measure('category grid, title order, page 40', page({ category: 'Audio 0', page: '40' }));
await measure('category grid, most viewed', page({ category: 'Home 4', sort: 'views' }));
await measure('category grid, price low to high', page({ category: 'Home 4', sort: 'price_asc' }));
await measure('whole shop, price high to low, page 1', page({ sort: 'price_desc' }));
// 1 and 2 characters have no trigram: they scan (and nearly every title matches them).
for (const q of ['1', '12', '123', '4567', 'item 12', 'phones item', 'zzz']) {
  await measure(`search page "${q}" (${[...q].length} chars)`, page({ q }), 50);
}
const overviewQuery = overviewQuerySchema.parse({});
await measure('overview, cold (no cache)', () => getCatalogOverview(db, overviewQuery), 30);
// Warm: what a request costs once its process has the overview: the version lookup and the cache.
const overview = createOverviewCache();
await measure('overview, warm (version lookup + cache)', async () =>
  overview(db, overviewQuery, catalogState(await catalogVersion(db, 'default'))),
);
const searchOverview = overviewQuerySchema.parse({ q: 'item 12' });
await measure('overview of search "item 12", cold', () => getCatalogOverview(db, searchOverview), 30);
for (const q of ['12', '123', 'phones item']) await explainSearch(q);
await handle.close();
