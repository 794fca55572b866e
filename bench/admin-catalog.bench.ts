/**
 * The admin's catalogue tools on a 100,000-product shop: pages of the products table, CSV export, a
 * dry-run import of that export, a real import giving every product a new description, and a bulk price
 * change over every product, each timed with the process's peak RSS while it ran.
 * Run: npm run bench:admin (the benches' generated catalogue, bench/catalog-data.ts; PostgreSQL with
 * BENCH_DATABASE_URL). The bulk change raises the generated catalogue's prices by 10 % each run (then,
 * on PostgreSQL, vacuums the tables as autovacuum would).
 * Targets (issue 11): export and dry run ≤ 10 s each with flat memory; bulk price change ≤ 5 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { countProducts } from '../server/modules/catalog/repository.js';
import { exportProducts, importProducts } from '../server/modules/catalog-tools/csv.js';
import { listAdminProducts, runBulkAction } from '../server/modules/catalog-tools/service.js';
import type { AdminProductsQuery } from '../shared/schemas/adminProducts.js';
import { openBenchCatalog } from './catalog-data.js';

const total = 100_000;
const handle = await openBenchCatalog(total);
const { db } = handle;
const origin = 'https://shop.example';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
const csvFile = path.join(work, 'default.csv');

async function measure<T>(
  name: string,
  run: () => Promise<T>,
  describe: (result: T) => string,
): Promise<void> {
  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  const result = await run();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `${name.padEnd(34)} ${seconds.toFixed(2).padStart(6)} s   RSS ${mb(startRss)} → peak ${mb(peak)} (+${mb(peak - startRss)})   ${describe(result)}`,
  );
}

/** The products table's page for a query: p50 and p99 of 30 calls after one warm-up. */
async function tablePage(name: string, query: Partial<AdminProductsQuery>): Promise<void> {
  const full: AdminProductsQuery = { shop: 'default', q: '', sort: 'id', page: 1, ...query };
  await listAdminProducts(db, full);
  const times: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const start = performance.now();
    await listAdminProducts(db, full);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `${`products table, ${name}`.padEnd(46)} p50 ${at(0.5).padStart(6)} ms   p99 ${at(0.99).padStart(6)} ms`,
  );
}

console.log(`${handle.dialect}, ${await countProducts(db)} products`);
await tablePage('by id, page 1', {});
await tablePage('by id, page 1000', { page: 1000 });
await tablePage('title order, search "item 12"', { sort: 'title', q: 'item 12' });
await tablePage('price high to low, a category', { sort: 'price_desc', category: 'Audio 3' });
await tablePage('recently changed (no index)', { sort: 'updated' });
await tablePage('unavailable, by id', { availability: 'NO' });
await measure(
  'export (csv-stringify, streamed)',
  async () => {
    await pipeline(exportProducts(db, 'default', origin), fs.createWriteStream(csvFile));
    return fs.statSync(csvFile).size;
  },
  (bytes) => `${(bytes / 1e6).toFixed(1)} MB of CSV`,
);
await measure(
  'dry-run import of that file',
  () => importProducts(db, 'default', fs.createReadStream(csvFile), { dryRun: true, origin, actor: 'bench' }),
  (report) =>
    `${report.updated} updated, ${report.unchanged} unchanged, ${report.created} created, ${report.errors.length} errors`,
);
// A real import that changes every product: a file of id and a new description per row.
const changesFile = path.join(work, 'descriptions.csv');
const stamp = Date.now();
await pipeline(
  (async function* () {
    yield 'id,description\n';
    for (let id = 1; id <= total; id += 1) yield `${id},<p>Imported ${stamp} ${id}</p>\n`;
  })(),
  fs.createWriteStream(changesFile),
);
await measure(
  'import, a new description for every row',
  () =>
    importProducts(db, 'default', fs.createReadStream(changesFile), {
      dryRun: false,
      origin,
      actor: 'bench',
    }),
  (report) => `${report.updated} updated, ${report.unchanged} unchanged, ${report.errors.length} errors`,
);
await measure(
  'bulk price +10 % (every product)',
  () =>
    runBulkAction(
      db,
      work,
      'default',
      { filter: { q: '' }, action: 'price', value: { percent: 10 } },
      console,
      'bench',
    ),
  (changed) => `${changed} changed`,
);
// A change of every row leaves PostgreSQL a dead copy of each until vacuum: do what autovacuum would
// do soon after, so the catalogue benches that share these tables do not measure the bloat.
if (handle.dialect === 'postgres') await sql`vacuum analyze products`.execute(db);
if (handle.dialect === 'postgres') await sql`vacuum analyze product_conditions`.execute(db);
fs.rmSync(work, { recursive: true, force: true });
await handle.close();
