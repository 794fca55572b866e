/**
 * Checkout under contention (docs/architecture.md §9: measured here, never asserted in tests). Many buyers press Buy on
 * one open-box product at the same moment, over real HTTP to a real app, on a fresh SQLite file and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, a fresh PostgreSQL schema (dropped afterwards).
 * Prints orders/s, latency and the stock bookkeeping; exits 1 if a unit was oversold, an order went
 * missing, a unit that could be sold was refused, or a buyer got anything but 201 or a 409 with a sentence.
 * Run: npm run bench:checkout [-- --buyers 200 --stock 50 --rounds 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle, Dialect } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import {
  BENCH_SHIPPING,
  benchConfig,
  benchDatabaseUrl,
  benchDialects,
  openBenchDatabase,
  option,
  startBenchApp,
} from './support.js';
import { addProduct, conditions } from '../server/test/fixtures.js';

const BUYERS = option('buyers', 200);
const SCARCE_STOCK = option('stock', 50);
const ROUNDS = option('rounds', 3);
const SHOP = 'ayz';
const CONDITION = 'acceptable';

/** What bench/checkout-burst.worker.mjs takes and gives back. */
interface BurstRequest {
  url: string;
  token: string;
  body: unknown;
}
interface BurstResult {
  wallMs: number;
  /** In request order; status 0 when no HTTP answer came (refused connection, timeout). */
  answers: { status: number; body: unknown; ms: number }[];
}

interface Bench {
  app: FastifyInstance;
  handle: DatabaseHandle;
  baseUrl: string;
  /** The buyers' thread: sends a burst and times the answers off the server's event loop. */
  burst(requests: BurstRequest[]): Promise<BurstResult>;
  close(): Promise<void>;
}

/** The app as main.ts builds it (sandbox provider), minus the unpaid-order sweep, listening on 127.0.0.1. */
async function startBench(dialect: Dialect): Promise<Bench> {
  const { config, dataDir } = benchConfig();
  const { handle, schema, drop: dropSchema } = await openBenchDatabase(dialect, dataDir);
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    await migrateToLatest(handle.db, schema);
    const { app, baseUrl } = await startBenchApp(config, handle);
    const worker = new Worker(new URL('./checkout-burst.worker.mjs', import.meta.url));
    let workerError: unknown;
    worker.on('error', (error) => (workerError = error));
    return {
      app,
      handle,
      baseUrl,
      async burst(requests) {
        if (workerError) throw workerError;
        worker.postMessage(requests);
        const [result] = (await once(worker, 'message')) as [BurstResult];
        return result;
      },
      async close() {
        await worker.terminate();
        await app.close();
        await handle.close();
        await dropSchema();
        removeData();
      },
    };
  } catch (error) {
    await handle.close();
    await dropSchema();
    removeData();
    throw error;
  }
}

async function signIn(bench: Bench, sub: string): Promise<Buyer> {
  const response = await fetch(`${bench.baseUrl}/api/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sub, name: `Buyer ${sub}`, email: `${sub}@example.com` }),
    signal: AbortSignal.timeout(30_000),
  });
  const answer: unknown = await response.json();
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  const { token, user } = answer as { token: string; user: { sub: string } };
  return { sub: user.sub, token };
}

interface Buyer {
  sub: string;
  token: string;
}

/**
 * Signs new buyers in through the real demo endpoint, a few at a time (sign-in is not what is measured).
 * Every round has its own: a buyer may hold only a few unpaid orders, and a refusal for that reason
 * would pass for contention.
 */
async function signInBuyers(bench: Bench, group: string, count: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, i) => `${group}-${start + i}`);
    buyers.push(...(await Promise.all(batch.map((sub) => signIn(bench, sub)))));
  }
  return buyers;
}

/** Every buyer asks for one unit of the product, all at once. */
const buyAll = (bench: Bench, buyers: Buyer[], productId: number) =>
  bench.burst(
    buyers.map((buyer) => ({
      url: `${bench.baseUrl}/api/create-purchase`,
      token: buyer.token,
      body: {
        google_id: buyer.sub,
        product_id: productId,
        store: SHOP,
        condition: CONDITION,
        quantity: 1,
        email: `${buyer.sub}@example.com`,
        ...BENCH_SHIPPING,
      },
    })),
  );

/** What the database holds for the product: the truth the responses are checked against. */
async function stored(handle: DatabaseHandle, productId: number) {
  const condition = await handle.db
    .selectFrom('product_conditions')
    .select('available_quantity')
    .where('shop', '=', SHOP)
    .where('product_id', '=', productId)
    .where('condition', '=', CONDITION)
    .executeTakeFirstOrThrow();
  const product = await handle.db
    .selectFrom('products')
    .select('stock_quantity')
    .where('shop', '=', SHOP)
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  const orders = await handle.db
    .selectFrom('orders')
    .select(({ fn }) => fn.countAll<number | string>().as('count'))
    .where('shop', '=', SHOP)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return {
    conditionStock: condition.available_quantity,
    productStock: product.stock_quantity,
    orders: Number(orders.count),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;

interface RoundResult {
  wallMs: number;
  created: number;
  refused: number;
  finalStock: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  oversold: number;
  problems: string[];
}

let nextProductId = 1;

const isErrorBody = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';

/** One burst: every buyer asks for one unit of a fresh product holding `stock` units, all at once. */
async function round(bench: Bench, stock: number): Promise<RoundResult> {
  const productId = nextProductId++;
  const buyers = await signInBuyers(bench, `bench-${productId}`, BUYERS);
  await addProduct(
    bench.handle.db,
    SHOP,
    productId,
    { title: `Bench camera ${productId}` },
    conditions([1999, stock]),
  );
  const before = await stored(bench.handle, productId);

  const { wallMs, answers } = await buyAll(bench, buyers, productId);

  const after = await stored(bench.handle, productId);
  const created = answers.filter((answer) => answer.status === 201).length;
  const refused = answers.filter((answer) => answer.status === 409).length;
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const sold = before.conditionStock - after.conditionStock;
  const oversold = Math.max(0, created - stock, after.orders - stock, -after.conditionStock);

  const problems: string[] = [];
  // A refusal must be a 409 with a sentence; a 500 or a dropped connection is a failure, not a refusal.
  const unexpected = answers.filter(
    (answer) => answer.status !== 201 && !(answer.status === 409 && isErrorBody(answer.body)),
  );
  if (unexpected.length > 0) {
    problems.push(
      `${unexpected.length} answers were neither 201 nor 409, e.g. ${unexpected[0]!.status} ${JSON.stringify(unexpected[0]!.body)}`,
    );
  }
  if (after.orders !== created) {
    problems.push(`${created} buyers got 201 but ${after.orders} orders are stored`);
  }
  if (sold !== created) problems.push(`${sold} units left the condition for ${created} orders`);
  if (before.productStock - after.productStock !== created) {
    problems.push(
      `product stock moved ${before.productStock}→${after.productStock} for ${created} orders (condition and total disagree)`,
    );
  }
  if (after.conditionStock < 0) problems.push(`stock went below zero: ${after.conditionStock}`);
  // Every unit that could be sold should be: a refusal while stock remains is a lost sale.
  const expected = Math.min(stock, buyers.length);
  if (created !== expected) {
    const reasons = new Set(answers.filter((a) => a.status === 409).map((a) => JSON.stringify(a.body)));
    problems.push(
      `${created} orders where ${expected} could be sold (${refused} refused: ${[...reasons].join(' / ')})`,
    );
  }
  if (oversold > 0) problems.push(`oversold by ${oversold}`);

  return {
    wallMs,
    created,
    refused,
    finalStock: after.conditionStock,
    ordersPerSecond: created / (wallMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    oversold,
    problems,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function runDialect(dialect: Dialect): Promise<boolean> {
  const bench = await startBench(dialect);
  let clean = true;
  try {
    // Warm-up, not measured: the first purchases pay for route compilation and cold caches.
    const warmId = nextProductId++;
    await addProduct(bench.handle.db, SHOP, warmId, {}, conditions([1999, 10]));
    const warm = await buyAll(bench, await signInBuyers(bench, 'bench-warm-up', 10), warmId);
    const failed = warm.answers.find((answer) => answer.status !== 201);
    if (failed) throw new Error(`warm-up purchase failed: ${failed.status} ${JSON.stringify(failed.body)}`);

    const scenarios = [
      { name: `scarce: ${SCARCE_STOCK} units`, stock: SCARCE_STOCK },
      { name: `ample: ${BUYERS} units`, stock: BUYERS },
    ];
    for (const scenario of scenarios) {
      const results: RoundResult[] = [];
      for (let r = 1; r <= ROUNDS; r += 1) {
        const result = await round(bench, scenario.stock);
        results.push(result);
        console.log(
          [
            `${dialect.padEnd(8)} ${scenario.name.padEnd(18)} round ${r}:`,
            `201×${String(result.created).padStart(3)} 409×${String(result.refused).padStart(3)}`,
            `stock ${scenario.stock}→${result.finalStock}`,
            `wall ${result.wallMs.toFixed(0).padStart(5)} ms`,
            `${result.ordersPerSecond.toFixed(0).padStart(4)} orders/s`,
            `p50 ${result.p50.toFixed(0).padStart(5)} ms`,
            `p99 ${result.p99.toFixed(0).padStart(5)} ms`,
            `oversold: ${result.oversold}`,
          ].join('  '),
        );
        for (const problem of result.problems) console.log(`  PROBLEM: ${problem}`);
        if (result.problems.length > 0) clean = false;
      }
      console.log(
        `${dialect.padEnd(8)} ${scenario.name.padEnd(18)} median of ${ROUNDS}: ` +
          `wall ${median(results.map((r) => r.wallMs)).toFixed(0)} ms, ` +
          `${median(results.map((r) => r.ordersPerSecond)).toFixed(0)} orders/s, ` +
          `p50 ${median(results.map((r) => r.p50)).toFixed(0)} ms, ` +
          `p99 ${median(results.map((r) => r.p99)).toFixed(0)} ms, ` +
          `oversold: ${Math.max(...results.map((r) => r.oversold))}`,
      );
    }
  } finally {
    await bench.close();
  }
  return clean;
}

console.log(
  `${BUYERS} concurrent buyers, one unit each, ${ROUNDS} rounds per scenario; ` +
    `${os.cpus().length} cores, Node ${process.versions.node}` +
    (benchDatabaseUrl ? '' : ' (set BENCH_DATABASE_URL for PostgreSQL)'),
);
let allClean = true;
for (const dialect of benchDialects) {
  if (!(await runDialect(dialect))) allClean = false;
}
if (!allClean) {
  console.log('FAILED: see PROBLEM lines above');
  process.exitCode = 1;
}
