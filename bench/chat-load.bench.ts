/**
 * The chat at and past its capacity (issue 21), one app in this process over a fresh SQLite file (or, with
 * --dialect postgres, a PostgreSQL schema of its own at BENCH_DATABASE_URL / TEST_DATABASE_URL); the sockets
 * live in child processes (bench/chat-load-clients.mjs), so their memory and event loop are not the server's.
 *
 * --mode sockets (default --sockets 10000): that many buyers connect (10 children, 1,000 each, 200
 *   handshakes in flight per child). Prints the server's heap and RSS per socket (after a GC, before and
 *   after), each connect's time p50/p99 and the total.
 * --mode overload (default --senders 500 --rate 300 --seconds 10): 500 buyers connect and send at the rate,
 *   behaving as the browser does past capacity (a refused connection or a busy send tried again after
 *   retryAfter, the same clientMessageId). Prints dropped handshakes (must be 0) and refused-with-reason
 *   ones, acks ok / busy / other, the ack time p50/p99 (busy retries included), the server's event-loop lag
 *   p99 and max during the run (target p99 < 100 ms), and GET /api/health's time p50/p99/max from the
 *   clients' process every 100 ms throughout (target < 200 ms). --max-pending sets CHAT_MAX_PENDING_MESSAGES.
 * The load average is printed beside every figure. Mind `ulimit -n`: the server holds one descriptor per socket.
 * Run: npm run bench:chat-load [-- --mode sockets|overload ...]
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { migrateToLatest } from '../server/db/migrate.js';
import { signSessionToken } from '../server/modules/buyers/session-token.js';
import { upsertChat } from '../server/modules/chat/repository.js';
import { addProduct, conditions } from '../server/test/fixtures.js';
import { benchConfig, openBenchDatabase, option, startBenchApp } from './support.js';

const arg = (name: string, fallback: string) =>
  process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1]! : fallback;
const MODE = arg('mode', 'sockets');
const DIALECT = arg('dialect', 'sqlite') as 'sqlite' | 'postgres';
const SELLER = 'bench-seller';
const here = path.dirname(fileURLToPath(import.meta.url));
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function child() {
  const process_ = fork(path.join(here, 'chat-load-clients.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    request<T>(type: string, args: Record<string, unknown> = {}): Promise<T> {
      return new Promise((resolve, reject) => {
        process_.once('message', (raw) => {
          const answer = raw as { ok: boolean; result?: T; error?: string };
          if (answer.ok) resolve(answer.result as T);
          else reject(new Error(answer.error));
        });
        process_.once('exit', (code) => reject(new Error(`clients exited (code ${code})`)));
        process_.send({ type, ...args });
      });
    },
    stop: () => {
      process_.disconnect();
    },
  };
}

async function main(): Promise<void> {
  const { config, dataDir } = benchConfig({
    SELLER_USER_ID: SELLER,
    ...(process.argv.includes('--max-pending')
      ? { CHAT_MAX_PENDING_MESSAGES: arg('max-pending', '2000') }
      : {}),
  });
  const { handle, schema, drop } = await openBenchDatabase(DIALECT, dataDir);
  await migrateToLatest(handle.db, schema);
  await addProduct(handle.db, 'ayz', 1, { title: 'Bench camera' }, conditions([1999, 5]));
  const { app, baseUrl } = await startBenchApp(config, handle);
  const secret = app.deps.secrets.sessionSecret;
  const signed = (sub: string) =>
    signSessionToken(secret, { sub, name: `Buyer ${sub}`, email: `${sub}@example.com`, picture: '' });
  const watchdog = setTimeout(() => {
    console.log('FAILED: the bench did not finish within 10 minutes');
    process.exit(1);
  }, 10 * 60_000);
  const children: Array<ReturnType<typeof child>> = [];
  try {
    console.log(`chat-load ${MODE} on ${DIALECT}, load average ${load()}`);
    if (MODE === 'sockets') {
      const count = option('sockets', 10_000);
      const perChild = 1_000;
      const groups = Array.from({ length: Math.ceil(count / perChild) }, (_, g) =>
        Array.from(
          { length: Math.min(perChild, count - g * perChild) },
          (_, i) => `bench-buyer-${g * perChild + i}`,
        ),
      );
      const users = await Promise.all(
        groups.map((group) => Promise.all(group.map(async (sub) => ({ sub, token: await signed(sub) })))),
      );
      for (const _ of groups) children.push(child());
      global.gc?.();
      const before = process.memoryUsage();
      const results = await Promise.all(
        children.map((c, g) =>
          c.request<{
            connected: number;
            refusedWithReason: number;
            dropped: number;
            firstDrop?: string;
            connectMs: number[];
            totalMs: number;
          }>('connect', { url: baseUrl, users: users[g] }),
        ),
      );
      global.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 500));
      global.gc?.();
      const after = process.memoryUsage();
      const connected = results.reduce((sum, r) => sum + r.connected, 0);
      const connectMs = results.flatMap((r) => r.connectMs);
      const totalMs = Math.max(...results.map((r) => r.totalMs));
      console.log(
        `${connected} of ${count} sockets connected in ${(totalMs / 1000).toFixed(1)} s (${children.length} client processes); ` +
          `dropped ${results.reduce((s, r) => s + r.dropped, 0)}, refused with a reason ${results.reduce((s, r) => s + r.refusedWithReason, 0)}` +
          (results.find((r) => r.firstDrop)
            ? ` (first drop: ${results.find((r) => r.firstDrop)?.firstDrop})`
            : ''),
      );
      console.log(
        `connect time per socket p50 ${ms(percentile(connectMs, 50))}, p99 ${ms(percentile(connectMs, 99))}`,
      );
      console.log(
        `server heap ${(before.heapUsed / 1e6).toFixed(0)} → ${(after.heapUsed / 1e6).toFixed(0)} MB, ` +
          `${((after.heapUsed - before.heapUsed) / connected / 1024).toFixed(1)} KB per socket; RSS ${(before.rss / 1e6).toFixed(0)} → ${(after.rss / 1e6).toFixed(0)} MB, ` +
          `${((after.rss - before.rss) / connected / 1024).toFixed(1)} KB per socket; load average ${load()}`,
      );
    } else {
      const senders = option('senders', 500);
      const rate = option('rate', 300);
      const seconds = option('seconds', 10);
      const users = [];
      for (let i = 0; i < senders; i += 1) {
        const sub = `bench-sender-${i}`;
        const at = new Date().toISOString();
        const chatId = await upsertChat(handle.db, {
          shop: 'ayz',
          productId: 1,
          title: 'Bench camera',
          buyerGoogleId: sub,
          buyerName: `Buyer ${sub}`,
          at,
        });
        users.push({ sub, token: await signed(sub), chatId });
      }
      const clients = child();
      children.push(clients);
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const result = await clients.request<{
        connected: number;
        refusedWithReason: number;
        dropped: number;
        firstDrop?: string;
        sent: number;
        sendMs: number;
        settledMs: number;
        ok: number;
        busy: number;
        otherError: number;
        firstOtherError?: string;
        lost: number;
        ackMs: number[];
        health: number[];
        healthWhileSending: number[];
        healthFailures: number;
        clientLag: { p99: number; max: number };
      }>('overload', { url: baseUrl, users, rate, seconds });
      lag.disable();
      const stored = await handle.db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      console.log(
        `${senders} senders, ${rate} msg/s for ${seconds} s (CHAT_MAX_PENDING_MESSAGES ${config.CHAT_MAX_PENDING_MESSAGES}): ` +
          `connected ${result.connected}, dropped handshakes ${result.dropped}${result.firstDrop ? ` (${result.firstDrop})` : ''}, refused with a reason ${result.refusedWithReason}`,
      );
      console.log(
        `sent ${result.sent} in ${(result.sendMs / 1000).toFixed(1)} s, all answered within ${(result.settledMs / 1000).toFixed(1)} s: ` +
          `acks ok ${result.ok}, busy (then retried) ${result.busy}, other errors ${result.otherError}${result.firstOtherError ? ` (${result.firstOtherError})` : ''}, lost ${result.lost}; stored ${Number(stored.n)}`,
      );
      console.log(
        `ack p50 ${ms(percentile(result.ackMs, 50))}, p99 ${ms(percentile(result.ackMs, 99))} (first send to ok, retries included)`,
      );
      console.log(
        `server event-loop lag p99 ${ms(lag.percentile(99) / 1e6)}, max ${ms(lag.max / 1e6)} (target p99 < 100 ms)`,
      );
      console.log(
        `/api/health every 100 ms: ${result.health.length} answers, ${result.healthFailures} failures, p50 ${ms(percentile(result.health, 50))}, ` +
          `p99 ${ms(percentile(result.health, 99))}, max ${ms(Math.max(...result.health))} (target < 200 ms); load average ${load()}`,
      );
      console.log(
        `  of them while sending (all connected): ${result.healthWhileSending.length}, p50 ${ms(percentile(result.healthWhileSending, 50))}, ` +
          `p99 ${ms(percentile(result.healthWhileSending, 99))}, max ${ms(Math.max(...result.healthWhileSending))}; ` +
          `the clients' own process (where they are timed) lagged p99 ${ms(result.clientLag.p99)}, max ${ms(result.clientLag.max)}`,
      );
    }
  } finally {
    clearTimeout(watchdog);
    for (const c of children) c.stop();
    await app.close();
    await handle.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
