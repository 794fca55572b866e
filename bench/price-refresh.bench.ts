/**
 * Issue 29: one pass of the price refresh over a large affiliate shop, against the Creators API
 * stand-in (server/test/amazon-creators-stand-in.ts). 10,000 products (--products N) with Amazon links
 * in the Referrals Shop; the refresh is ticked as its timer would, with a clock moved a second per tick
 * so the pass is not paced by the real 1 s spacing. Prints the calls made (about N / 10), the ASINs per
 * call, the tokens asked for, and each tick's time on the event loop (p50/p99/max), the work a shop
 * request could wait behind on SQLite's one connection. SQLite, and PostgreSQL with BENCH_DATABASE_URL
 * or TEST_DATABASE_URL.
 *
 * Then the catalogue while a pass runs (the issue's "no catalogue request's p99 moves"): a fresh
 * database of the same shop, the app listening on 127.0.0.1 (as main.ts builds it, production settings)
 * and `--clients 4` clients in this process asking it over HTTP, back to back, for catalogue pages
 * (`GET /api/catalog?shop=default&category=…&page=…`, a random category of 20 and page of 5) and the
 * overview (`GET /api/catalog/overview?shop=default`), one in four. `--rounds 3` rounds of two phases of
 * `--seconds 10` (after a second's warm-up), their order turning between rounds: "idle", the source
 * configured but no pass running (each second the refresh's sweep only, which changes nothing), and
 * "pass", the refresh ticked each second with the real clock as its timer does, so a call of ten
 * ASINs a second and each good read moving the shop's catalogue version. Per phase: p50/p99/max of each
 * kind, the calls made and the versions moved, and the load average (os.loadavg) at its start and end.
 * Run: npx tsx bench/price-refresh.bench.ts [--products 10000] [--clients 4 --rounds 3 --seconds 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { DatabaseHandle, Dialect } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import type { PriceRefresh } from '../server/modules/price-checks/index.js';
import { type CreatorsStandIn, startCreatorsStandIn } from '../server/test/amazon-creators-stand-in.js';
import { productRow } from '../server/test/fixtures.js';
import {
  benchConfig,
  benchDialects,
  createBenchApp,
  openBenchDatabase,
  option,
  startBenchApp,
} from './support.js';

const PRODUCTS = option('products', 10_000);
const CLIENTS = option('clients', 4);
const ROUNDS = option('rounds', 3);
const SECONDS = option('seconds', 10);
const CATEGORIES = 20;
const asin = (n: number) => `B0${String(n).padStart(8, '0')}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The shop: PRODUCTS affiliate products with Amazon links, fresh prices, in CATEGORIES categories; the stand-in knows each. */
async function seedShop(handle: DatabaseHandle, standIn: CreatorsStandIn): Promise<void> {
  const fresh = new Date().toISOString();
  for (let start = 1; start <= PRODUCTS; start += 500) {
    const rows = [];
    for (let id = start; id < Math.min(start + 500, PRODUCTS + 1); id++) {
      rows.push({
        ...productRow('default', id, {
          link: `https://www.amazon.com/dp/${asin(id)}`,
          main_category: `Main ${id % 5}`,
          category: `Category ${id % CATEGORIES}`,
          updated_at: fresh,
        }),
        title_folded: `product ${id}`,
      });
      standIn.items.set(asin(id), {
        amount: 10 + (id % 7),
        type: id % 13 === 0 ? 'OUT_OF_STOCK' : 'IN_STOCK',
      });
    }
    await handle.db.insertInto('products').values(rows).execute();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))} / p99 ${ms(percentile(sorted, 99))} / max ${ms(sorted.at(-1) ?? NaN)} ms (${sorted.length})`;
};

/** The first half: one whole pass, ticked as fast as it goes on a moved clock. */
async function onePass(dialect: Dialect): Promise<void> {
  const standIn = await startCreatorsStandIn();
  const { config, dataDir } = benchConfig(standIn.env());
  const { handle, schema, drop } = await openBenchDatabase(dialect, dataDir);
  await migrateToLatest(handle.db, schema);
  await seedShop(handle, standIn);
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

/** The second half: catalogue requests over HTTP with no pass running, and while one runs at its real pace. */
async function catalogueDuringPass(dialect: Dialect): Promise<void> {
  const standIn = await startCreatorsStandIn();
  const { config, dataDir } = benchConfig(standIn.env());
  const { handle, schema, drop } = await openBenchDatabase(dialect, dataDir);
  await migrateToLatest(handle.db, schema);
  await seedShop(handle, standIn);
  let refresh: PriceRefresh | undefined;
  const { app, baseUrl } = await startBenchApp(config, handle, {
    priceSources: { refreshMs: 0, onRefresh: (made) => (refresh = made) },
  });
  const version = async () =>
    Number(
      (
        await handle.db
          .selectFrom('catalog_versions')
          .select('version')
          .where('shop', '=', 'default')
          .executeTakeFirst()
      )?.version ?? 0,
    );

  /** Each second, as runPeriodically would: the whole tick (pass) or the sweep alone (idle). */
  let driving = false;
  const tickTimes: number[] = [];
  /** ms between one call to the stand-in and the next, within a pass phase. */
  const gaps: number[] = [];
  const drive = async (phase: 'idle' | 'pass') => {
    while (driving) {
      const started = performance.now();
      if (phase === 'pass') await refresh!.tick();
      else await refresh!.sweep();
      const took = performance.now() - started;
      if (phase === 'pass') tickTimes.push(took);
      await sleep(Math.max(0, 1000 - took));
    }
  };

  /** Clients back to back until `until`; each answer's time, per kind, from `from` on. */
  const ask = async (until: number, from: number, times: { page: number[]; overview: number[] }) => {
    let n = 0;
    while (performance.now() < until) {
      n += 1;
      const overview = n % 4 === 0;
      const url = overview
        ? `${baseUrl}/api/catalog/overview?shop=default`
        : `${baseUrl}/api/catalog?shop=default&category=${encodeURIComponent(
            `Category ${Math.floor(Math.random() * CATEGORIES)}`,
          )}&page=${1 + Math.floor(Math.random() * 5)}`;
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      const took = performance.now() - started;
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      if (started >= from) (overview ? times.overview : times.page).push(took);
    }
  };

  const all = {
    idle: { page: [] as number[], overview: [] as number[] },
    pass: { page: [] as number[], overview: [] as number[] },
  };
  for (let round = 1; round <= ROUNDS; round++) {
    const phases = round % 2 === 1 ? (['idle', 'pass'] as const) : (['pass', 'idle'] as const);
    for (const phase of phases) {
      const times = { page: [] as number[], overview: [] as number[] };
      const loadBefore = load();
      const callsBefore = standIn.calls.length;
      const versionBefore = await version();
      driving = true;
      const driver = drive(phase);
      const from = performance.now() + 1000;
      const until = from + SECONDS * 1000;
      await Promise.all(Array.from({ length: CLIENTS }, () => ask(until, from, times)));
      driving = false;
      await driver;
      const made = standIn.calls.slice(callsBefore);
      gaps.push(...made.slice(1).map((call, index) => call.at - made[index]!.at));
      all[phase].page.push(...times.page);
      all[phase].overview.push(...times.overview);
      console.log(
        `${dialect} round ${round} ${phase.padEnd(4)}: page ${figures(times.page)}; overview ${figures(times.overview)}; ` +
          `${standIn.calls.length - callsBefore} calls, version +${(await version()) - versionBefore}; ` +
          `load ${loadBefore} → ${load()}`,
      );
    }
  }
  const ticks = [...tickTimes].sort((a, b) => a - b);
  const spacing = [...gaps].sort((a, b) => a - b);
  console.log(
    `${dialect} all rounds, ${CLIENTS} clients: idle page ${figures(all.idle.page)}, overview ${figures(all.idle.overview)}; ` +
      `pass page ${figures(all.pass.page)}, overview ${figures(all.pass.overview)}; ` +
      `a tick during the pass p50 ${ms(percentile(ticks, 50))} / p99 ${ms(percentile(ticks, 99))} ms; ` +
      `calls ${(1000 / (spacing.reduce((sum, gap) => sum + gap, 0) / spacing.length)).toFixed(2)} a second ` +
      `(gap between calls min ${ms(spacing[0] ?? NaN)}, p50 ${ms(percentile(spacing, 50))}, max ${ms(spacing.at(-1) ?? NaN)} ms)`,
  );
  await app.close();
  await handle.close();
  await drop();
  await standIn.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

for (const dialect of benchDialects) {
  await onePass(dialect);
  await catalogueDuringPass(dialect);
}
