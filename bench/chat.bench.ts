/**
 * Chat at scale (issue 8; docs/architecture.md §9: measured here, never asserted in tests). Real apps listen on
 * 127.0.0.1; the sockets live in a child process (bench/chat-clients.mjs) so that the server's memory and
 * event loop are its own.
 *
 * One process: 2,000 connected sockets (1,999 buyers, each in the chat they opened, and the seller, in 100
 * of them) on one app over a fresh SQLite file and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, a fresh
 * PostgreSQL schema. Prints the server's heap and RSS per socket, then, at a steady message rate, the
 * p50/p99 time from a buyer's sendMessage to the seller's newMessage (and to the buyer's ack).
 * Two processes: the same over PostgreSQL and Redis (BENCH_REDIS_URL, REDIS_URL or 127.0.0.1:6379), the
 * buyers on app A (this process) and the seller on app B (a child process), so every message crosses Redis.
 * Target p99 ≤ 50 ms on loopback. Exits 1 if a socket could not connect or join, or a message was refused
 * or lost.
 * Run: npm run bench:chat [-- --sockets 2000 --rate 200 --seconds 10 --scenario one|two|both]
 */
import crypto from 'node:crypto';
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { type DatabaseHandle, type Dialect, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { selectPaymentProvider } from '../server/modules/payments/select-provider.js';
import { loadSecrets } from '../server/secrets.js';
import { benchConfig, option } from './support.js';
import { addProduct, conditions } from '../server/test/fixtures.js';

const SCENARIO = process.argv.includes('--scenario')
  ? process.argv[process.argv.indexOf('--scenario') + 1]
  : 'both';
if (!['one', 'two', 'both'].includes(SCENARIO ?? '')) throw new Error('--scenario must be one, two or both');
const SOCKETS = option('sockets', 2000);
const RATE = option('rate', 200);
const SECONDS = option('seconds', 10);
const BUYERS = Math.max(1, SOCKETS - 1);
const SELLER = 'bench-seller';
const SHOP = 'ayz';
const PRODUCT_ID = 1;
const TARGET_P99_MS = 50;
/**
 * The seller has this many chats open (joined). newMessage reaches the seller through their user room
 * whether joined or not; the user's limit of 120 non-message events per 10 s bounds the joins.
 */
const SELLER_JOINS = 100;
if (RATE > BUYERS) {
  // A user may send 20 messages per 10 s; at one a second per buyer, the warm-up and run stay under it.
  throw new Error(`--rate may be at most the number of buyers (${BUYERS}): each sends at most one a second`);
}
/** The whole run stops by itself after this long, whatever is stuck. */
const WATCHDOG_MS = 20 * 60_000;
/** One request to a child process (connect 2,000 sockets, a run) gives up after this long. */
const CHILD_TIMEOUT_MS = 5 * 60_000;

// ── The app under test ──────────────────────────────────────────────────────────────────────────────────

/** What both app processes of one scenario share, so a token signed by one is good on the other. */
interface ServerSettings {
  dialect: Dialect;
  databaseUrl?: string;
  pgSchema?: string;
  /** The SQLite file (one process only). */
  sqliteFile?: string;
  sessionSecret: string;
  redisUrl?: string;
}

interface Server {
  app: FastifyInstance;
  handle: DatabaseHandle;
  baseUrl: string;
  close(): Promise<void>;
}

/** The app as main.ts builds it (production settings, demo sign-in on), minus the unpaid-order sweep. */
async function startServer(settings: ServerSettings): Promise<Server> {
  const { config, dataDir } = benchConfig({
    SESSION_SECRET: settings.sessionSecret,
    SELLER_USER_ID: SELLER,
    // Every socket must connect here, at a fixed count, on a shared machine whose load lags this process's loop
    // (it also signs the buyers in): the lag refusal is bench:chat-load's to measure, with clients that retry.
    CHAT_MAX_EVENT_LOOP_LAG_MS: '0',
    ...(settings.redisUrl ? { REDIS_URL: settings.redisUrl } : {}),
  });
  const handle = openDatabase({
    databaseUrl: settings.databaseUrl,
    sqliteFile: settings.sqliteFile ?? path.join(dataDir, 'shop.db'),
    ...(settings.pgSchema ? { pgSchema: settings.pgSchema } : {}),
  });
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const app = await buildApp(
      {
        config,
        db: handle.db,
        dialect: settings.dialect,
        secrets: loadSecrets(config),
        paymentProvider: selectPaymentProvider(config),
      },
      { serveClient: false, orderSweepMs: 0 },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    return {
      app,
      handle,
      baseUrl: `http://127.0.0.1:${port}`,
      async close() {
        await app.close();
        await handle.close();
        removeData();
      },
    };
  } catch (error) {
    await handle.close();
    removeData();
    throw error;
  }
}

/** A fresh, migrated database holding the one product the chats are about; dropped by `drop`. */
async function prepareDatabase(dialect: Dialect, databaseUrl: string | undefined) {
  if (dialect === 'postgres' && databaseUrl) {
    const pgSchema = `bench_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${pgSchema}`);
    await admin.end();
    const drop = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema ${pgSchema} cascade`);
      await client.end();
    };
    const handle = openDatabase({ databaseUrl, sqliteFile: '', pgSchema });
    try {
      await migrateToLatest(handle.db, pgSchema);
      await addProduct(handle.db, SHOP, PRODUCT_ID, { title: 'Bench camera' }, conditions([1999, 5]));
    } catch (error) {
      await handle.close();
      await drop();
      throw error;
    }
    await handle.close();
    return { settings: { databaseUrl, pgSchema }, drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-chat-bench-db-'));
  const sqliteFile = path.join(dir, 'shop.db');
  const handle = openDatabase({ sqliteFile });
  await migrateToLatest(handle.db);
  await addProduct(handle.db, SHOP, PRODUCT_ID, { title: 'Bench camera' }, conditions([1999, 5]));
  await handle.close();
  return { settings: { sqliteFile }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

// ── Child processes ─────────────────────────────────────────────────────────────────────────────────────

interface Child {
  request<T>(type: string, args?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

/** Request/answer over IPC; every request times out, and the child's death fails what is pending. */
function talkTo(child: ChildProcess, name: string): Child {
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.on('message', (raw) => {
    const answer = raw as { id: number; ok: boolean; result?: unknown; error?: string };
    const waiter = pending.get(answer.id);
    if (!waiter) return;
    pending.delete(answer.id);
    if (answer.ok) waiter.resolve(answer.result);
    else waiter.reject(new Error(`${name}: ${answer.error}`));
  });
  child.on('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`${name} exited (code ${code})`));
    pending.clear();
  });
  return {
    request<T>(type: string, args: Record<string, unknown> = {}) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${name}: no answer to ${type} within ${CHILD_TIMEOUT_MS / 1000} s`));
        }, CHILD_TIMEOUT_MS);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as T);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        child.send({ id, type, ...args });
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function startClients(): Child {
  const child = fork(fileURLToPath(new URL('./chat-clients.mjs', import.meta.url)), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return talkTo(child, 'the sockets process');
}

/** App B of the two-process scenario: this same file, run with --second-app under tsx. */
async function startSecondApp(settings: ServerSettings): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--second-app'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_CHAT_SECOND_APP: JSON.stringify(settings) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ baseUrl?: string; error?: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('app B did not start within 60 s')), 60_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as { baseUrl?: string; error?: string });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app B exited while starting (code ${code})`));
    });
  });
  const { stop } = talkTo(child, 'app B');
  if (!ready.baseUrl) {
    await stop();
    throw new Error(`app B could not start: ${ready.error}`);
  }
  return { baseUrl: ready.baseUrl, stop };
}

/** The --second-app side: serve until the bench disconnects, then close cleanly. */
async function serveSecondApp(): Promise<void> {
  const settings = JSON.parse(process.env.BENCH_CHAT_SECOND_APP ?? '{}') as ServerSettings;
  let server: Server;
  try {
    server = await startServer(settings);
  } catch (error) {
    process.send?.({ error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  process.send?.({ baseUrl: server.baseUrl });
  process.once('disconnect', () => {
    const forced = setTimeout(() => process.exit(1), 10_000);
    void server.close().finally(() => {
      clearTimeout(forced);
      process.exit(0);
    });
  });
}

// ── Users and chats over HTTP ───────────────────────────────────────────────────────────────────────────

interface User {
  sub: string;
  token: string;
  chatIds: number[];
}

async function post(url: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const answer: unknown = await response.json();
  if (!response.ok) throw new Error(`POST ${url} → ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function signIn(baseUrl: string, sub: string): Promise<User> {
  const answer = (await post(`${baseUrl}/api/auth/demo`, {
    sub,
    name: `Buyer ${sub}`,
    email: `${sub}@example.com`,
  })) as { token: string };
  return { sub, token: answer.token, chatIds: [] };
}

/** Each buyer signs in and opens a chat about the product, as 'Contact the seller' does (not measured). */
async function buyersWithChats(baseUrl: string, count: number): Promise<User[]> {
  const buyers: User[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) => `bench-buyer-${start + i}`);
    buyers.push(
      ...(await Promise.all(
        batch.map(async (sub) => {
          const buyer = await signIn(baseUrl, sub);
          const chat = (await post(
            `${baseUrl}/api/chats`,
            {
              productId: PRODUCT_ID,
              title: 'Bench camera',
              buyer_name: `Buyer ${sub}`,
              store: SHOP,
              buyerGoogleId: sub,
            },
            buyer.token,
          )) as { id: number };
          buyer.chatIds.push(chat.id);
          return buyer;
        }),
      )),
    );
  }
  return buyers;
}

// ── Measuring ───────────────────────────────────────────────────────────────────────────────────────────

interface ConnectResult {
  connected: number;
  failed: number;
  firstError?: string;
  ms: number;
}
interface JoinResult {
  joined: number;
  failed: number;
  firstError?: string;
  ms: number;
}
interface RunResult {
  sent: number;
  sendMs: number;
  /** From the first send until the last answer (or the drain's end). */
  settledMs: number;
  acked: number;
  received: number;
  refused: number;
  firstRefusal?: string;
  latencies: number[];
  ackLatencies: number[];
  chatErrors: number;
  firstChatError?: string;
}

interface Memory {
  heapUsed: number;
  external: number;
  rss: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;

/**
 * This process's memory once it has settled: after full collections when run with --expose-gc, else the
 * median of several samples (garbage not yet collected then counts, so the figure is rougher).
 */
async function settledMemory(): Promise<Memory> {
  const samples: Memory[] = [];
  for (let i = 0; i < 5; i += 1) {
    if (gc) {
      gc();
      await pause(50);
      gc();
    } else {
      await pause(200);
    }
    const { heapUsed, external, rss } = process.memoryUsage();
    samples.push({ heapUsed, external, rss });
  }
  return {
    heapUsed: median(samples.map((s) => s.heapUsed)),
    external: median(samples.map((s) => s.external)),
    rss: median(samples.map((s) => s.rss)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;

let problems = 0;
function problem(label: string, text: string): void {
  problems += 1;
  console.log(`${label}  PROBLEM: ${text}`);
}

/**
 * Connects the buyers to `buyerUrl` and the seller to `sellerUrl`, reports the memory the sockets cost
 * this process (where app A runs), joins every chat, and measures a steady stream of messages.
 */
async function measure(label: string, buyerUrl: string, sellerUrl: string): Promise<void> {
  const clients = startClients();
  try {
    const buyers = await buyersWithChats(buyerUrl, BUYERS);
    const seller = await signIn(sellerUrl, SELLER);
    seller.chatIds = buyers.slice(0, SELLER_JOINS).flatMap((buyer) => buyer.chatIds);

    const before = await settledMemory();
    const buyerSockets = await clients.request<ConnectResult>('connect', {
      url: buyerUrl,
      users: buyers,
      role: 'buyer',
    });
    const sellerSocket = await clients.request<ConnectResult>('connect', {
      url: sellerUrl,
      users: [seller],
      role: 'seller',
    });
    const connected = buyerSockets.connected + (sellerUrl === buyerUrl ? sellerSocket.connected : 0);
    const after = await settledMemory();
    for (const result of [buyerSockets, sellerSocket]) {
      if (result.failed > 0) problem(label, `${result.failed} sockets did not connect: ${result.firstError}`);
    }
    const per = (field: keyof Memory) => (after[field] - before[field]) / Math.max(1, connected);
    console.log(
      `${label}  ${connected} sockets on this app (connected in ${(buyerSockets.ms / 1000).toFixed(1)} s): ` +
        `heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} (${kb(per('heapUsed'))}/socket), ` +
        `external ${kb(per('external'))}/socket, ` +
        `RSS ${mb(before.rss)} → ${mb(after.rss)} (${kb(per('rss'))}/socket)` +
        (gc ? '' : ' [no --expose-gc: medians of samples]'),
    );

    for (const role of ['buyer', 'seller']) {
      const joined = await clients.request<JoinResult>('join', { role });
      if (joined.failed > 0) problem(label, `${joined.failed} ${role} joins failed: ${joined.firstError}`);
      console.log(`${label}  ${role} joined ${joined.joined} chats in ${(joined.ms / 1000).toFixed(1)} s`);
    }

    // Warm-up, not measured: the first messages pay for compiled queries and cold caches.
    await clients.request<RunResult>('run', { rate: RATE, seconds: 1, tag: 'warm-up' });
    const run = await clients.request<RunResult>('run', { rate: RATE, seconds: SECONDS, tag: 'bench' });
    const latencies = [...run.latencies].sort((a, b) => a - b);
    const acks = [...run.ackLatencies].sort((a, b) => a - b);
    const unanswered = run.sent - run.acked - run.refused;
    const lost = run.acked - run.received;
    if (run.refused > 0) problem(label, `${run.refused} messages refused, e.g. "${run.firstRefusal}"`);
    if (unanswered > 0) problem(label, `${unanswered} messages were never acknowledged`);
    if (lost > 0) problem(label, `${lost} acknowledged messages never reached the seller`);
    if (run.chatErrors > 0)
      problem(label, `${run.chatErrors} chatError events, e.g. "${run.firstChatError}"`);
    if (latencies.length === 0) return;
    const p99 = percentile(latencies, 99);
    console.log(
      `${label}  ${RATE} msg/s for ${SECONDS} s (${run.sent} sent in ${(run.sendMs / 1000).toFixed(1)} s, ` +
        `${run.acked} acked, ${run.received} received, all within ${(run.settledMs / 1000).toFixed(1)} s): ` +
        `sendMessage → seller's newMessage ` +
        `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)}, max ${ms(latencies.at(-1)!)}; ` +
        `ack p50 ${ms(percentile(acks, 50))}, p99 ${ms(percentile(acks, 99))}; ` +
        `target p99 ≤ ${TARGET_P99_MS} ms ${p99 <= TARGET_P99_MS ? 'met' : 'MISSED'}`,
    );
  } finally {
    await clients.request('close').catch(() => {});
    await clients.stop();
  }
}

async function oneProcess(dialect: Dialect, databaseUrl: string | undefined): Promise<void> {
  const database = await prepareDatabase(dialect, databaseUrl);
  try {
    const sessionSecret = crypto.randomBytes(32).toString('base64url');
    const server = await startServer({ dialect, sessionSecret, ...database.settings });
    try {
      await measure(`${dialect.padEnd(8)} one process `, server.baseUrl, server.baseUrl);
    } finally {
      await server.close();
    }
  } finally {
    await database.drop();
  }
}

async function twoProcesses(databaseUrl: string, redisUrl: string): Promise<void> {
  const database = await prepareDatabase('postgres', databaseUrl);
  try {
    const settings: ServerSettings = {
      dialect: 'postgres',
      sessionSecret: crypto.randomBytes(32).toString('base64url'),
      redisUrl,
      ...database.settings,
    };
    const appA = await startServer(settings);
    try {
      const appB = await startSecondApp(settings);
      try {
        await measure('postgres two processes', appA.baseUrl, appB.baseUrl);
      } finally {
        await appB.stop();
      }
    } finally {
      await appA.close();
    }
  } finally {
    await database.drop();
  }
}

/** Whether something listens at the Redis URL's host and port (a skip line beats a long failure). */
function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function main(): Promise<void> {
  setTimeout(() => {
    console.log(`FAILED: the bench did not finish within ${WATCHDOG_MS / 60_000} minutes`);
    process.exit(1);
  }, WATCHDOG_MS).unref();
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(
    `${SOCKETS} sockets (${BUYERS} buyers, 1 seller), ${RATE} messages/s for ${SECONDS} s; ` +
      `${os.cpus().length} cores, Node ${process.versions.node}, load average ${load()}` +
      (databaseUrl ? '' : ' (set BENCH_DATABASE_URL for PostgreSQL)'),
  );
  const dialects: Dialect[] = databaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  if (SCENARIO !== 'two') for (const dialect of dialects) await oneProcess(dialect, databaseUrl);
  if (SCENARIO === 'one') {
    // Only the one-process scenario was asked for.
  } else if (!databaseUrl) {
    console.log(
      'postgres two processes  skipped: two app processes share a database only on PostgreSQL (set BENCH_DATABASE_URL)',
    );
  } else if (!(await reachable(redisUrl))) {
    console.log(`postgres two processes  skipped: nothing answers at ${redisUrl} (set BENCH_REDIS_URL)`);
  } else {
    await twoProcesses(databaseUrl, redisUrl);
  }
  console.log(`load average at the end ${load()}`);
  if (problems > 0) {
    console.log('FAILED: see PROBLEM lines above');
    process.exitCode = 1;
  }
}

if (process.argv.includes('--second-app')) await serveSecondApp();
else await main();
