/**
 * Sitemap generation on a 100,000-product shop: the index, and one full 50,000-URL file streamed from
 * keyset pages. Run: npx tsx bench/sitemap.bench.ts (after `npm run bench` made bench/.data, or it
 * generates plain rows itself). PostgreSQL with BENCH_DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { countProducts, foldForSearch } from '../server/modules/catalog/repository.js';
import { SITEMAP_URL_LIMIT, sitemapFile, sitemapIndex } from '../server/modules/seo/sitemap.js';
import { productRow } from '../server/test/fixtures.js';

const total = 100_000;
const dataDir = path.resolve('bench/.data');
fs.mkdirSync(dataDir, { recursive: true });
const handle = openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  sqliteFile: path.join(dataDir, `bench-${total}.db`),
});
const { db } = handle;
await migrateToLatest(db);
if ((await countProducts(db)) < total) {
  console.log(`generating ${total} products…`);
  await db.deleteFrom('products').execute();
  for (let start = 1; start <= total; start += 500) {
    const rows = [];
    for (let id = start; id < Math.min(start + 500, total + 1); id += 1) {
      const row = productRow('default', id);
      rows.push({ ...row, title_folded: foldForSearch(row.title) });
    }
    await db.insertInto('products').values(rows).execute();
  }
}

async function drain(body: string | Readable): Promise<number> {
  if (typeof body === 'string') return body.length;
  let bytes = 0;
  for await (const chunk of body) bytes += String(chunk).length;
  return bytes;
}

async function measure(name: string, run: () => Promise<number>, iterations: number): Promise<void> {
  await run();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    bytes = await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${name.padEnd(40)} median ${median.toFixed(1).padStart(7)} ms   ${(bytes / 1e6).toFixed(1)} MB`,
  );
}

const origin = 'https://shop.example';
console.log(`${handle.dialect}, ${await countProducts(db)} products`);
await measure('sitemap index', async () => (await sitemapIndex(db, origin, SITEMAP_URL_LIMIT)).length, 20);
await measure(
  `one file of ${SITEMAP_URL_LIMIT} URLs`,
  async () => drain(await sitemapFile(db, origin, 'default-1.xml', SITEMAP_URL_LIMIT)),
  5,
);
await handle.close();
