/**
 * Issue 29: one pass of the price refresh over a large affiliate shop, against the Creators API
 * stand-in (server/test/amazon-creators-stand-in.ts). 10,000 products (--products N) with Amazon links
 * in the Referrals Shop; the refresh is ticked as its timer would, with a clock moved a second per tick
 * so the pass is not paced by the real 1 s spacing. Prints the calls made (about N / 10), the ASINs per
 * call, the tokens asked for, and each tick's time on the event loop (p50/p99/max), the work a shop
 * request could wait behind on SQLite's one connection. SQLite, and PostgreSQL with BENCH_DATABASE_URL
 * or TEST_DATABASE_URL. Run: npx tsx bench/price-refresh.bench.ts [--products 10000]
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { migrateToLatest } from '../server/db/migrate.js';
import type { PriceRefresh } from '../server/modules/price-checks/index.js';
import { startCreatorsStandIn } from '../server/test/amazon-creators-stand-in.js';
import { productRow } from '../server/test/fixtures.js';
import { benchConfig, benchDialects, createBenchApp, openBenchDatabase, option } from './support.js';

const PRODUCTS = option('products', 10_000);
const asin = (n: number) => `B0${String(n).padStart(8, '0')}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

for (const dialect of benchDialects) {
  const standIn = await startCreatorsStandIn();
  const { config, dataDir } = benchConfig(standIn.env());
  const { handle, schema, drop } = await openBenchDatabase(dialect, dataDir);
  await migrateToLatest(handle.db, schema);
  const fresh = new Date().toISOString();
  for (let start = 1; start <= PRODUCTS; start += 500) {
    const rows = [];
    for (let id = start; id < Math.min(start + 500, PRODUCTS + 1); id++) {
      rows.push({
        ...productRow('default', id, { link: `https://www.amazon.com/dp/${asin(id)}`, updated_at: fresh }),
        title_folded: `product ${id}`,
      });
      standIn.items.set(asin(id), {
        amount: 10 + (id % 7),
        type: id % 13 === 0 ? 'OUT_OF_STOCK' : 'IN_STOCK',
      });
    }
    await handle.db.insertInto('products').values(rows).execute();
  }
  let clock = Date.now();
  let refresh: PriceRefresh | undefined;
  const app = await createBenchApp(config, handle, {
    priceSources: { refreshMs: 0, now: () => clock, onRefresh: (made) => (refresh = made) },
  });
  await app.ready();
  const ticks: number[] = [];
  const started = performance.now();
  for (let i = 0; i < PRODUCTS; i++) {
    const pass = await handle.db
      .selectFrom('price_passes')
      .selectAll()
      .where('shop', '=', 'default')
      .executeTakeFirst();
    if (pass?.ended_at) break;
    const before = performance.now();
    await refresh!.tick();
    ticks.push(performance.now() - before);
    clock += 1000;
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...ticks].sort((a, b) => a - b);
  const sizes = standIn.calls.map((call) => (call.body as { itemIds: string[] }).itemIds.length);
  console.log(
    `${dialect}: ${PRODUCTS} products, one pass: ${standIn.calls.length} calls (at most ${Math.max(...sizes)} ASINs each), ` +
      `${standIn.tokens.length} token(s), ${ticks.length} ticks in ${seconds.toFixed(1)} s of work ` +
      `(${Math.round(ticks.length)} s at the real 1 call/s); a tick p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  await app.close();
  await handle.close();
  await drop();
  await standIn.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
