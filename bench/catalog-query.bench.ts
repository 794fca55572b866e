/**
 * Catalogue query speed on a 100,000-product shop (docs/architecture.md §9: a page query answers in single-digit ms).
 * Run: npm run bench [-- --products 100000]. Uses a SQLite file in bench/.data (kept between runs), or the
 * PostgreSQL at BENCH_DATABASE_URL. Prints p50 and p99 per query shape through the real service layer,
 * and the query plans of a search page (rows and count) at each query length, to show which use the
 * trigram index.
 */
import { performance } from 'node:perf_hooks';
import { productPageQueries } from '../server/modules/catalog/repository.js';
import { getCatalogOverview, listCatalogPage } from '../server/modules/catalog/service.js';
import { catalogQuerySchema, overviewQuerySchema } from '../shared/schemas/catalog.js';
import { buildBenchApp, openBenchCatalog } from './catalog-data.js';

const argIndex = process.argv.indexOf('--products');
const total = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 100_000;
const handle = await openBenchCatalog(total);
const { db } = handle;

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
// Warm: a whole request to the app (in-process, no socket) once this process has the answer cached:
// the version lookup, the cached JSON and Fastify's request handling.
const app = await buildBenchApp(handle);
const inject = (url: string) => async () => {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
};
await measure('overview, warm (request to the app, cached)', inject('/api/catalog/overview?shop=default'));
await measure(
  'search page "item 12", warm (request, cached)',
  inject('/api/catalog?shop=default&q=item%2012'),
);
const searchOverview = overviewQuerySchema.parse({ q: 'item 12' });
await measure('overview of search "item 12", cold', () => getCatalogOverview(db, searchOverview), 30);
for (const q of ['12', '123', 'phones item']) await explainSearch(q);
await app.close();
await handle.close();
