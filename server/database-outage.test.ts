/**
 * The real server process (node --import tsx server/main.ts) while its database fails: PostgreSQL behind
 * the fault proxy cut and then stalled (the process stays up, answers 503 with Retry-After within 10 s,
 * says so in /api/health, and serves again by itself once PostgreSQL is back, logging each outage once);
 * a start against a PostgreSQL that accepts and never answers (one sentence, within 15 s); and a SQLite
 * file held by another connection (503 with Retry-After, not 500).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY, DATABASE_UNAVAILABLE } from './http/error-handler.js';
import { startFaultProxy, type FaultProxy } from './test/fault-proxy.js';
import { type ServerProcess, spawnServer } from './test/server-process.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const temporary: string[] = [];
const shops: Shop[] = [];

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.kill()));
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

/** The real server process (server/test/server-process.ts), and where it answers. */
type Shop = ServerProcess & { base: string };

/** Spawns the real server in a data folder of its own, logging at info, and collects what it writes. */
async function spawnShop(env: Record<string, string>): Promise<Shop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-outage-'));
  temporary.push(dataDir);
  const server = await spawnServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ADMIN_PASSWORD: 'outage-test-password',
    SESSION_SECRET: 'outage-test-secret',
    ...env,
  });
  const shop = Object.assign(server, { base: server.url });
  shops.push(shop);
  return shop;
}

/** Waits (bounded) until the process answers /api/health with 200; fails with its output if it exits. */
async function startShop(env: Record<string, string>): Promise<Shop> {
  const shop = await spawnShop(env);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (shop.child.exitCode !== null) throw new Error(`the server exited: ${shop.output()}`);
    const up = await fetch(`${shop.base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return shop;
    await sleep(100);
  }
  throw new Error(`the server did not start: ${shop.output()}`);
}

async function timedGet(
  url: string,
): Promise<{ status: number; retryAfter: string | null; body: unknown; ms: number }> {
  const started = Date.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const body: unknown = await response.json();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body,
    ms: Date.now() - started,
  };
}

/** Asks again (bounded) until the call answers 200: the same process recovering by itself. */
async function until200(url: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const status = await fetch(url, { signal: AbortSignal.timeout(15_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} still answers ${status}`);
    await sleep(200);
  }
}

/** The JSON log lines whose message starts with `prefix`. */
function logLines(shop: Shop, prefix: string): string[] {
  return shop
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '')
    .filter((message) => message.startsWith(prefix));
}

/**
 * The log lines with `prefix` once there are `count` of them (bounded). The line that an outage ended
 * comes from the pool's first answer again, which need not be the request the test saw answer 200 (a
 * cached catalogue page answers without it), and it reaches this process through the child's stdout,
 * after the HTTP answer: so it is waited for, not read at once.
 */
async function untilLogged(shop: Shop, prefix: string, count: number, limitMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const lines = logLines(shop, prefix);
    if (lines.length >= count || Date.now() > deadline) return lines;
    await fetch(`${shop.base}/api/health`).catch(() => undefined);
    await sleep(100);
  }
}

describe.skipIf(!TEST_DATABASE_URL)('the real server process while PostgreSQL blinks', () => {
  const database = `outage_${crypto.randomBytes(5).toString('hex')}`;
  let proxy: FaultProxy;
  let shop: Shop;
  let catalogue: string;

  async function admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const target = new URL(TEST_DATABASE_URL!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.pathname = `/${database}`;
    shop = await startShop({ DATABASE_URL: proxy.url(target.toString()) });
    catalogue = `${shop.base}/api/catalog?shop=ayz`;
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    await proxy?.close();
    await admin(`drop database if exists ${database} with (force)`);
  });

  /** One outage: the same process answers 503 while it lasts and 200 again after, by itself. */
  async function outage(fault: () => void): Promise<void> {
    // The pool holds an idle connection when the fault comes, as a serving process does.
    expect((await timedGet(catalogue)).status).toBe(200);
    fault();

    const during = await timedGet(catalogue);
    expect(during).toMatchObject({ status: 503, retryAfter: '5', body: { error: DATABASE_UNAVAILABLE } });
    expect(during.ms).toBeLessThan(10_000);

    const health = await timedGet(`${shop.base}/api/health`);
    expect(health).toMatchObject({
      status: 503,
      retryAfter: '5',
      body: { ok: false, error: 'The shop cannot reach its database.', down: ['database'] },
    });
    expect(health.ms).toBeLessThan(10_000);
    expect(await timedGet(`${shop.base}/api/health/live`)).toMatchObject({ status: 200, body: { ok: true } });
    // A second call in the same outage: still 503 in time, and no second 'unreachable' line below.
    const again = await timedGet(catalogue);
    expect(again).toMatchObject({ status: 503, retryAfter: '5' });
    expect(again.ms).toBeLessThan(10_000);
    expect(shop.child.exitCode).toBeNull();

    proxy.restore();
    await until200(catalogue);
    expect((await timedGet(`${shop.base}/api/health`)).body).toEqual({ ok: true, db: 'postgres' });
    expect(shop.child.exitCode).toBeNull();
  }

  it(
    'survives PostgreSQL cut off: 503 with Retry-After within 10 s, health says so, serves again after',
    { timeout: 90_000 },
    async () => {
      await outage(() => proxy.cut());
      expect(logLines(shop, 'database unreachable')).toHaveLength(1);
      expect(await untilLogged(shop, 'database reachable again', 1)).toHaveLength(1);
    },
  );

  it(
    'survives PostgreSQL stalled (connections open, no answer): the same, within 10 s',
    { timeout: 90_000 },
    async () => {
      await outage(() => proxy.stall());
      expect(logLines(shop, 'database unreachable')).toHaveLength(2);
      expect(await untilLogged(shop, 'database reachable again', 2)).toHaveLength(2);
      // Outages are logged where they start and end, not per failed request.
      expect(shop.output()).not.toContain('request failed');
    },
  );
});

describe('start-up with a PostgreSQL that accepts connections and never answers', () => {
  it(
    'exits within 15 s of trying it, with one sentence naming it and no stack trace',
    { timeout: 120_000 },
    async () => {
      const accepted = new Set<net.Socket>();
      let firstContact: (at: number) => void = () => {};
      const contacted = new Promise<number>((resolve) => (firstContact = resolve));
      const silent = net.createServer((socket) => {
        firstContact(Date.now());
        accepted.add(socket);
        socket.on('data', () => undefined);
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as net.AddressInfo;
      try {
        const shop = await spawnShop({ DATABASE_URL: `postgres://shop@127.0.0.1:${port}/shop` });
        // Loading the server's modules under tsx can take seconds on a busy machine: the clock starts
        // when the process first reaches for PostgreSQL.
        const contactAt = await Promise.race([contacted, shop.exited.then(() => Date.now())]);
        const { code, at } = await shop.exited;
        expect(code).toBe(1);
        expect(at - contactAt).toBeLessThan(15_000);
        expect(shop.output().trim()).toBe(`PostgreSQL at 127.0.0.1:${port} did not answer within 10 s.`);
      } finally {
        for (const socket of accepted) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    },
  );
});

describe('the real server process while another connection holds its SQLite file', () => {
  it(
    'answers a write 503 with Retry-After (not 500), reads go on, and the write succeeds once the file is free',
    { timeout: 120_000 },
    async () => {
      const shop = await startShop({});
      const signIn = () =>
        fetch(`${shop.base}/api/auth/demo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sub: 'locked-out', name: 'Locked Out', email: 'locked@example.com' }),
          signal: AbortSignal.timeout(30_000),
        });
      const dataDir = temporary.at(-1)!;
      const holder = new BetterSqlite3(path.join(dataDir, 'shop.db'));
      try {
        holder.exec('begin immediate');
        const started = Date.now();
        const refused = await signIn();
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('1');
        expect(await refused.json()).toEqual({ error: DATABASE_BUSY });
        expect((await timedGet(`${shop.base}/api/catalog?shop=ayz`)).status).toBe(200);
        holder.exec('rollback');
        expect((await signIn()).status).toBe(200);
      } finally {
        holder.close();
        await shop.stop();
      }
    },
  );
});
