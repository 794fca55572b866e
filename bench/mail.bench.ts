/**
 * E-mail off the request path (issue 18; docs/architecture.md §9: measured here, never asserted in tests).
 * 500 orders are paid as the event path does it, one transaction each with the status change and its two
 * e-mails (buyer and seller) queued in the outbox: 1,000 e-mails. Then the real app starts (its sender
 * polling every second, SMTP_URL at a real SMTP server in a worker thread) and delivers them; a second
 * worker thread calls GET /api/catalog one request at a time all along, and again once the queue is
 * empty. Prints the queue's cost inside the event's transaction (p50/p99 with and without the two
 * inserts), the time until the last e-mail arrived and e-mails/s, and the API's p50/p99 while the sender
 * drains the queue vs idle. Exits 1 if an e-mail is missing or arrived twice. SQLite file, and with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL a fresh PostgreSQL schema (dropped afterwards).
 * `--mode paid` drives real orders instead (runPaidOrders below): 1,000 by default.
 * Run: npm run bench:mail [-- --orders 500] | npm run bench:mail -- --mode paid [--orders 1000]
 */
import { once } from 'node:events';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Dialect } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import type { Database, NewOrderRow } from '../server/db/types.js';
import { queueMail } from '../server/modules/mail/index.js';
import { addProduct, conditions } from '../server/test/fixtures.js';
import {
  BENCH_SHIPPING,
  benchConfig,
  benchDialects,
  openBenchDatabase,
  option,
  startBenchApp,
} from './support.js';

const MODE = process.argv.includes('--mode') ? process.argv[process.argv.indexOf('--mode') + 1] : 'queue';
if (MODE !== 'queue' && MODE !== 'paid') throw new Error('--mode must be queue or paid');
const ORDERS = option('orders', MODE === 'paid' ? 1000 : 500);
const EMAILS = ORDERS * 2;
const IDLE_MS = 5_000;
const DRAIN_LIMIT_MS = 120_000;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length} calls)`;
};

function order(n: number, at: string): NewOrderRow {
  return {
    payment_id: `ord_bench_${n}`,
    user_id: `buyer-${n}`,
    shop: 'ayz',
    product_id: 1,
    title: 'Open-box camera',
    condition: 'good',
    unit_price_cents: 3998,
    quantity: 1,
    total_cents: 3998,
    email: `buyer${n}@example.com`,
    contact_name: `Buyer ${n}`,
    phone: '555-0100',
    address: '1 Main Street',
    city: 'Springfield',
    state_prov: 'IL',
    postal_code: '12345',
    payment_status: 'waiting',
    provider: 'sandbox',
    provider_invoice_id: null,
    invoice_url: null,
    shipped: 0,
    stock_reserved: 1,
    created_at: at,
    updated_at: at,
  };
}

/** The paid-order transaction: its status change and, with `mail`, the buyer's and the seller's e-mails. */
async function payOrder(db: Kysely<Database>, n: number, mail: boolean): Promise<number> {
  const start = performance.now();
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set(mail ? { payment_status: 'finished', updated_at: at } : { updated_at: at })
      .where('payment_id', '=', `ord_bench_${n}`)
      .execute();
    if (!mail) return;
    const details: [string, string][] = [
      ['Order', `ord_bench_${n}`],
      ['Total', '$39.98'],
      ['Ship to', `Buyer ${n}, 1 Main Street, Springfield IL 12345`],
    ];
    await queueMail(
      trx,
      {
        kind: 'order_paid',
        dedupeKey: `order_paid:ord_bench_${n}`,
        to: { buyer: `buyer${n}@example.com` },
        content: {
          subject: `Your order ord_bench_${n} is paid`,
          heading: 'Thank you: your order is paid',
          paragraphs: ['We will e-mail you again when it is on its way.'],
          details,
          lines: [{ label: 'Open-box camera, good', value: '1 × $39.98' }],
          action: { label: 'See your orders', href: '/account' },
        },
      },
      at,
    );
    await queueMail(
      trx,
      {
        kind: 'seller_order_paid',
        dedupeKey: `seller_order_paid:ord_bench_${n}`,
        to: 'seller',
        content: {
          subject: `New paid order ord_bench_${n}`,
          heading: 'A new order is paid',
          paragraphs: ['Ship it from the orders page.'],
          details,
          action: { label: 'Open the orders', href: '/orders' },
        },
      },
      at,
    );
  });
  return performance.now() - start;
}

interface SinkCount {
  received: number;
  distinct: number;
  firstAt: number;
  lastAt: number;
}

async function startSink(
  keyBy: 'subject' | 'order' = 'subject',
): Promise<{ port: number; count(): Promise<SinkCount>; close(): Promise<void> }> {
  const worker = new Worker(new URL('./mail-sink.worker.mjs', import.meta.url), { workerData: { keyBy } });
  const [{ port }] = (await once(worker, 'message')) as [{ port: number }];
  return {
    port,
    async count() {
      worker.postMessage('count');
      const [result] = (await once(worker, 'message')) as [SinkCount];
      return result;
    },
    async close() {
      worker.postMessage('close');
      await once(worker, 'message');
      await worker.terminate();
    },
  };
}

async function probe(worker: Worker, url: string, until: () => Promise<boolean>): Promise<number[]> {
  worker.postMessage({ url });
  while (!(await until())) await new Promise((resolve) => setTimeout(resolve, 50));
  worker.postMessage('stop');
  const [{ ms, failures }] = (await once(worker, 'message')) as [{ ms: number[]; failures: number }];
  if (failures > 0) throw new Error(`${failures} API calls failed`);
  return ms;
}

/** What both modes run on: an SMTP sink in a worker thread, the app's settings sending to it, a fresh database. */
async function openMailBench(dialect: Dialect, keyBy: 'subject' | 'order') {
  const sink = await startSink(keyBy);
  const { config, dataDir } = benchConfig({
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    SELLER_EMAIL: 'seller@example.com',
    PUBLIC_URL: 'https://shop.example',
  });
  const { handle, schema, drop } = await openBenchDatabase(dialect, dataDir);
  const close = async () => {
    await handle.close();
    await drop();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { sink, config, handle, schema, close };
}

async function run(dialect: Dialect): Promise<boolean> {
  const { sink, config, handle, schema, close } = await openMailBench(dialect, 'subject');
  const prober = new Worker(new URL('./mail-probe.worker.mjs', import.meta.url));
  try {
    await migrateToLatest(handle.db, schema);
    await addProduct(handle.db, 'ayz', 1, { title: 'Open-box camera' }, conditions([3998, 10_000]));
    for (let n = 0; n < 20; n += 1) await addProduct(handle.db, 'ayz', 100 + n, { title: `Product ${n}` });
    const at = new Date().toISOString();
    for (let n = 1; n <= ORDERS; n += 100) {
      const batch = Array.from({ length: Math.min(100, ORDERS - n + 1) }, (_, i) => order(n + i, at));
      await handle.db
        .insertInto('users')
        .values(
          batch.map((row) => ({
            id: row.user_id,
            name: row.contact_name,
            email: row.email,
            picture: '',
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await handle.db.insertInto('orders').values(batch).execute();
    }

    // The event's transaction without and with its e-mails: what the outbox adds where an event happens.
    const without: number[] = [];
    const withMail: number[] = [];
    for (let n = 1; n <= ORDERS; n += 1) without.push(await payOrder(handle.db, n, false));
    const queueStart = performance.now();
    for (let n = 1; n <= ORDERS; n += 1) withMail.push(await payOrder(handle.db, n, true));
    const queueMs = performance.now() - queueStart;

    // Now the app: its sender finds 1,000 e-mails due the moment it is ready.
    const { app, baseUrl } = await startBenchApp(config, handle);
    const startedAt = performance.timeOrigin + performance.now();
    const url = `${baseUrl}/api/catalog?shop=ayz`;

    const giveUp = Date.now() + DRAIN_LIMIT_MS;
    const draining = await probe(
      prober,
      url,
      async () => (await sink.count()).received >= EMAILS || Date.now() > giveUp,
    );
    const arrived = await sink.count();
    const idleUntil = Date.now() + IDLE_MS;
    const idle = await probe(prober, url, async () => Date.now() > idleUntil);
    const rows = await handle.db.selectFrom('mail_outbox').select(['status']).execute();
    await app.close();

    const seconds = (arrived.lastAt - startedAt) / 1000;
    console.log(`\n${dialect}: ${ORDERS} paid orders, ${EMAILS} e-mails`);
    console.log(`  paid-order transaction without e-mails: ${summary(without)}`);
    console.log(
      `  paid-order transaction with its 2 e-mails queued: ${summary(withMail)} (all ${ORDERS} in ${queueMs.toFixed(0)} ms)`,
    );
    console.log(
      `  delivered: ${arrived.received} (${arrived.distinct} distinct), the last ${seconds.toFixed(2)} s after the app was ready: ` +
        `${(arrived.received / seconds).toFixed(0)} e-mails/s`,
    );
    console.log(`  GET /api/catalog while the sender drains the queue: ${summary(draining)}`);
    console.log(`  GET /api/catalog idle (sender polling an empty queue): ${summary(idle)}`);
    const sent = rows.filter((row) => row.status === 'sent').length;
    console.log(`  outbox: ${sent} of ${rows.length} marked sent`);
    return arrived.received === EMAILS && arrived.distinct === EMAILS && sent === EMAILS;
  } finally {
    await prober.terminate();
    await close();
  }
}

/** Waits until `count` distinct e-mails arrived at the sink (or DRAIN_LIMIT_MS passed) and says when the last did. */
async function arrivals(sink: { count(): Promise<SinkCount> }, count: number): Promise<SinkCount> {
  const giveUp = Date.now() + DRAIN_LIMIT_MS;
  let arrived = await sink.count();
  while (arrived.distinct < count && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    arrived = await sink.count();
  }
  return arrived;
}

/** One buyer's order for bench/mail-orders.worker.mjs: the purchase call's path and body, and who makes it. */
interface BenchOrder {
  token: string;
  path: string;
  body: object;
}
interface PaidRun {
  payMs: number[];
  refs: string[];
  failures: string[];
}

const BENCH_BUYERS = 100;
const BENCH_PRODUCTS = 20;

/** `count` orders from `first` on, buyers in turn; every fifth is a "Checkout all" group of two lines. */
function benchOrders(tokens: string[], first: number, count: number): BenchOrder[] {
  return Array.from({ length: count }, (_, i) => {
    const n = first + i;
    const buyer = n % tokens.length;
    const form = {
      google_id: `bench-buyer-${buyer}`,
      store: 'ayz',
      email: `buyer${buyer}@example.com`,
      ...BENCH_SHIPPING,
    };
    const product = 1 + (n % BENCH_PRODUCTS);
    const line = (id: number) => ({ product_id: id, condition: 'acceptable', quantity: 1 });
    return n % 5 === 4
      ? {
          token: tokens[buyer]!,
          path: '/api/create-cart-purchase',
          body: { ...form, lines: [line(product), line(1 + ((n + 1) % BENCH_PRODUCTS))] },
        }
      : { token: tokens[buyer]!, path: '/api/create-purchase', body: { ...form, ...line(product) } };
  });
}

/**
 * `--mode paid`: real paid orders, so the e-mails are the real ones (rendered from what the status path
 * queued) and the cost on the request path is the Pay call's. Buyers (100, signed in through the demo
 * endpoint) make orders one after another from a worker thread (create-purchase, every fifth a
 * create-cart-purchase of two lines) and press the sandbox's Pay over HTTP. First with the app's sender
 * off (after 100 orders to warm up, whose e-mails are dropped); then a fresh app whose sender runs as in
 * production (a pass every second) delivers those orders' e-mails as a backlog, and the same number of
 * orders comes again while it delivers them as they are queued. Prints Pay's p50/p99 both ways and how
 * long until each lot of 2 × orders e-mails (buyer and seller) had arrived at the SMTP sink; exits 1 if
 * one is missing, arrived twice or is not marked sent.
 */
async function runPaidOrders(dialect: Dialect): Promise<boolean> {
  const { sink, config, handle, schema, close } = await openMailBench(dialect, 'order');
  const buyers = new Worker(new URL('./mail-orders.worker.mjs', import.meta.url));
  const placeOrders = async (baseUrl: string, orders: BenchOrder[]): Promise<PaidRun> => {
    buyers.postMessage({ baseUrl, orders });
    const [result] = (await once(buyers, 'message')) as [PaidRun];
    if (result.failures.length > 0)
      throw new Error(`${result.failures.length} orders failed, e.g. ${result.failures[0]}`);
    return result;
  };
  try {
    await migrateToLatest(handle.db, schema);
    for (let id = 1; id <= BENCH_PRODUCTS; id += 1)
      await addProduct(handle.db, 'ayz', id, { title: `Open-box lens ${id}` }, conditions([2000, 1_000_000]));

    // Sender off: Pay as it costs without a sender in the process.
    const quiet = await startBenchApp(config, handle, { mailSendMs: 0 });
    const tokens: string[] = [];
    for (let buyer = 0; buyer < BENCH_BUYERS; buyer += 1) {
      const response = await quiet.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        payload: { sub: `bench-buyer-${buyer}`, name: `Buyer ${buyer}`, email: `buyer${buyer}@example.com` },
      });
      tokens.push(response.json().token);
    }
    await placeOrders(quiet.baseUrl, benchOrders(tokens, 0, 100));
    await handle.db.deleteFrom('mail_outbox').execute();
    const offStart = performance.now();
    const off = await placeOrders(quiet.baseUrl, benchOrders(tokens, 100, ORDERS));
    const offSeconds = (performance.now() - offStart) / 1000;
    await quiet.app.close();

    // Sender on, as in production. First it finds the e-mails of those orders all due at once (a backlog:
    // how fast real order e-mails go), then the orders come again while it delivers as they are queued.
    const live = await startBenchApp(config, handle);
    const readyAt = performance.timeOrigin + performance.now();
    const backlog = await arrivals(sink, EMAILS);
    const startedAt = performance.timeOrigin + performance.now();
    const on = await placeOrders(live.baseUrl, benchOrders(tokens, 100 + ORDERS, ORDERS));
    const lastPayAt = performance.timeOrigin + performance.now();
    const arrived = await arrivals(sink, 2 * EMAILS);
    // A moment for a duplicate to show, then what the outbox says.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const final = await sink.count();
    const rows = await handle.db.selectFrom('mail_outbox').select(['status']).execute();
    await live.app.close();

    const sent = rows.filter((row) => row.status === 'sent').length;
    const after = (from: number, to: number) => `${((to - from) / 1000).toFixed(2)} s`;
    console.log(
      `\n${dialect}: ${ORDERS} real paid orders twice (every fifth a group of two lines), ${EMAILS} e-mails each time`,
    );
    console.log(
      `  Pay (POST /api/payments/sandbox/:id/pay), sender off: ${summary(off.payMs)}; the orders took ${offSeconds.toFixed(2)} s`,
    );
    console.log(
      `  their ${EMAILS} e-mails as a backlog: the last arrived ${after(readyAt, backlog.lastAt)} after the app with its sender was ready ` +
        `(${(EMAILS / ((backlog.lastAt - readyAt) / 1000)).toFixed(0)} e-mails/s)`,
    );
    console.log(
      `  Pay, sender running and delivering as orders come: ${summary(on.payMs)}; the orders took ${after(startedAt, lastPayAt)}`,
    );
    console.log(
      `  their ${EMAILS} e-mails: the last arrived ${after(startedAt, arrived.lastAt)} after the first order, ${after(lastPayAt, arrived.lastAt)} after the last Pay`,
    );
    console.log(
      `  delivered: ${final.received} (${final.distinct} distinct); outbox: ${sent} of ${rows.length} marked sent`,
    );
    return (
      final.received === 2 * EMAILS &&
      final.distinct === 2 * EMAILS &&
      sent === 2 * EMAILS &&
      rows.length === 2 * EMAILS
    );
  } finally {
    await buyers.terminate();
    await close();
  }
}

let ok = true;
for (const dialect of benchDialects)
  ok = (await (MODE === 'paid' ? runPaidOrders(dialect) : run(dialect))) && ok;
if (!ok) {
  console.error('\nFAILED: an e-mail is missing, arrived twice, or is not marked sent.');
  process.exit(1);
}
