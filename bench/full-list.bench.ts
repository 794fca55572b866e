/**
 * Heavy readers (issue 16): four full product lists (`GET /api/products?shop=default`) of a
 * 130,000-product shop at once, while `/api/health` is asked again and again; prints the health
 * latencies (max, p99), the server's longest event-loop delay (`nodejs_eventloop_lag_max_seconds` from
 * /metrics, about its longest block) and peak RSS, and each list's time to first byte and to its end;
 * first the same for 5 s with no list in flight, the floor the machine's other load sets.
 *
 * Run: npm run bench:full-list [-- --products 130000 --lists 4 --rounds 3 --encoding br|gzip|none].
 * The catalogue is the benches' generated one (bench/catalog-data.ts: a SQLite file in bench/.data,
 * copied into a fresh DATA_DIR, or the PostgreSQL at BENCH_DATABASE_URL). The server is main.ts in its
 * own process with NODE_ENV=production (run through tsx, so no build is needed), on 127.0.0.1 and a free
 * port; this process only sends requests and counts bytes. Each round waits for the previous one to end,
 * so a later round may find the list already built for the catalogue state (the same version and 10 s
 * views window; the line says so). Targets: health under 200 ms throughout, no block of the loop longer than about 100 ms.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { stopChildrenOnSignals } from '../scripts/processes.mjs';
import { countProducts } from '../server/modules/catalog/repository.js';
import { startServerProcess } from '../server/test/server-process.js';
import { openBenchCatalog } from './catalog-data.js';

const option = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
};
const total = Number(option('products', '130000'));
const lists = Number(option('lists', '4'));
const rounds = Number(option('rounds', '3'));
const encoding = option('encoding', 'br');
const ACCEPT: Record<string, string | undefined> = {
  br: 'gzip, deflate, br',
  gzip: 'gzip',
  none: undefined,
};
if (!Object.hasOwn(ACCEPT, encoding)) throw new Error('--encoding is br, gzip or none.');

const handle = await openBenchCatalog(total);
const counted = await countProducts(handle.db);
const dialect = handle.dialect;
await handle.close();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-full-list-'));
if (dialect === 'sqlite') {
  // Closed above, so the file holds everything (no WAL left beside it).
  fs.copyFileSync(path.resolve(`bench/.data/bench-${total}.db`), path.join(dataDir, 'shop.db'));
}

// The server is its own node process (server/test/server-process.ts): stopped at the end, and by a Ctrl-C
// or SIGTERM to this bench, which then ends too.
stopChildrenOnSignals();
const server = await startServerProcess({
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(dialect === 'postgres' ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'bench admin password',
    SESSION_SECRET: 'bench session secret that is long enough to be accepted',
    ALLOW_DEMO_SIGN_IN: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    METRICS_ALLOW: '127.0.0.1',
    LOG_LEVEL: 'warn',
  },
});
const { port } = server;

const agent = new http.Agent({ keepAlive: false });

interface Answer {
  status: number;
  firstByteMs: number;
  endMs: number;
  bytes: number;
  encoding: string;
  etag: string | undefined;
  body: string;
}

/** One GET; keeps the body only when asked (the lists are counted, not kept). */
function get(pathname: string, headers: Record<string, string> = {}, keepBody = true): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers, agent }, (response) => {
      const firstByteMs = performance.now() - start;
      let bytes = 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          firstByteMs,
          endMs: performance.now() - start,
          bytes,
          encoding: String(response.headers['content-encoding'] ?? 'none'),
          etag: response.headers.etag,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`The server exited:\n${server.output().slice(-3000)}`);
    try {
      if ((await get('/api/health')).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error('The server did not answer /api/health within 120 s.');
}

/** The server's resident memory now (Linux), in MB. */
function serverRssMb(): number {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Reads (and so resets) the server's event-loop delay gauges. */
async function loopDelays(): Promise<{ maxMs: number; p99Ms: number }> {
  const text = (await get('/metrics')).body;
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]) * 1000;
  return { maxMs: gauge('nodejs_eventloop_lag_max_seconds'), p99Ms: gauge('nodejs_eventloop_lag_seconds') };
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;

/** Asks /api/health one request at a time, back to back, as a load balancer's probe would (much more often). */
function probeHealth() {
  let running = true;
  let peakRss = serverRssMb();
  const startRss = peakRss;
  const times: number[] = [];
  const probing = (async () => {
    while (running) {
      const answer = await get('/api/health');
      if (answer.status !== 200) throw new Error(`/api/health answered ${answer.status}: ${answer.body}`);
      times.push(answer.endMs);
      peakRss = Math.max(peakRss, serverRssMb());
      await sleep(10);
    }
  })();
  return async () => {
    running = false;
    await probing;
    const delays = await loopDelays();
    times.sort((a, b) => a - b);
    return [
      `  /api/health: ${times.length} answers, p50 ${ms(at(times, 0.5))}, p99 ${ms(at(times, 0.99))}, max ${ms(times.at(-1)!)}`,
      `  server event loop: longest delay ${ms(delays.maxMs)}, p99 ${ms(delays.p99Ms)}; RSS ${startRss.toFixed(0)} → peak ${peakRss.toFixed(0)} MB`,
    ];
  };
}

/** The machine's floor: the same probe for a few seconds with no list in flight. */
async function idle(): Promise<void> {
  await loopDelays();
  const stop = probeHealth();
  await sleep(5000);
  console.log(['idle, 5 s:', ...(await stop())].join('\n'));
}

let previousTag: string | undefined;

async function round(index: number): Promise<void> {
  await loopDelays();
  const stop = probeHealth();
  const headers: Record<string, string> = ACCEPT[encoding] ? { 'accept-encoding': ACCEPT[encoding]! } : {};
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: lists }, () => get('/api/products?shop=default', headers, false)),
  );
  const burstMs = performance.now() - start;
  const health = await stop();
  for (const answer of answers) {
    if (answer.status !== 200) throw new Error(`A list answered ${answer.status}.`);
  }
  const firstBytes = answers.map((a) => a.firstByteMs).sort((a, b) => a - b);
  const ends = answers.map((a) => a.endMs).sort((a, b) => a - b);
  const tag = answers[0]!.etag;
  // The same catalogue state (version and views window) as the round before: its finished bytes.
  const state = tag === previousTag ? 'same catalogue state as the round before' : 'new catalogue state';
  previousTag = tag;
  console.log(
    [
      `round ${index} (${state}): ${lists} lists of ${(answers[0]!.bytes / 1024 / 1024).toFixed(1)} MB (${answers[0]!.encoding}) in ${ms(burstMs)}`,
      `  list first byte ${ms(firstBytes[0]!)}–${ms(firstBytes.at(-1)!)}, end ${ms(ends[0]!)}–${ms(ends.at(-1)!)}`,
      ...health,
    ].join('\n'),
  );
}

try {
  await waitForHealth();
  console.log(
    `${dialect}, ${counted} products; ${lists} full lists at once, Accept-Encoding: ${ACCEPT[encoding] ?? '(none)'}`,
  );
  await idle();
  for (let index = 1; index <= rounds; index += 1) await round(index);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
