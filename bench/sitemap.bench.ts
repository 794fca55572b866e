/**
 * Sitemap generation on a 100,000-product shop: the index, and one full 50,000-URL file streamed from
 * keyset pages. Run: npx tsx bench/sitemap.bench.ts (the benches' generated catalogue,
 * bench/catalog-data.ts). PostgreSQL with BENCH_DATABASE_URL.
 */
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { countProducts } from '../server/modules/catalog/repository.js';
import { SITEMAP_URL_LIMIT, sitemapFile, sitemapIndex } from '../server/modules/seo/sitemap.js';
import { openBenchCatalog } from './catalog-data.js';

const total = 100_000;
const handle = await openBenchCatalog(total);
const { db } = handle;

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
