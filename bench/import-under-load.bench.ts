/**
 * A CSV import under load (issue 16): a real app on 127.0.0.1 over a fresh open-box catalogue of
 * 100,000 products (a fresh SQLite file and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, a fresh
 * PostgreSQL schema, dropped afterwards) imports a file giving every product a new description (and
 * every tenth a new title) while a second client, in its own thread (bench/import-load.worker.mjs),
 * reads products and catalogue pages, asks /api/health, buys units of random products of the same shop
 * and deletes those orders again. Prints, for the calls in flight during the import, their count and
 * p50 / p99 / max answer times and how many took over 2 s or failed, and how long the import's writing
 * transaction held the database (the import's own log line).
 * Run: npm run bench:import [-- --rows 100000]
 * Target (issue 16): every read and purchase answered within 2 s during a 100,000-row import.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, type Dialect, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { benchConfig, option, startBenchApp } from './support.js';

const ROWS = option('rows', 100_000);
const BUYERS = 4;
const SHOP = 'ayz';
/** How long the load runs before and after the import, so the figures show the quiet state too. */
const QUIET_MS = 3000;

interface Call {
  kind: string;
  start: number;
  ms: number;
  status: number;
  error?: string;
}

async function openFresh(dialect: Dialect, databaseUrl: string | undefined) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  let dropSchema = async () => {};
  let schema: string | undefined;
  let handle: DatabaseHandle;
  if (dialect === 'postgres' && databaseUrl) {
    schema = `bench_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query('create extension if not exists pg_trgm with schema public');
    await admin.end();
    handle = openDatabase({ databaseUrl, sqliteFile: '', pgSchema: schema });
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  } else {
    handle = openDatabase({ sqliteFile: path.join(work, 'shop.db') });
  }
  await migrateToLatest(handle.db, schema);
  return {
    handle,
    work,
    async close() {
      await handle.close();
      await dropSchema();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * `ROWS` open-box products, each with four conditions of 1,000 units at $19.99: two statements over a
 * generated series (row-by-row inserts took minutes on PostgreSQL).
 */
async function seed(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  await sql`with recursive n(id) as (select 1 union all select id + 1 from n where id < ${ROWS})
    insert into products (shop, id, title, title_folded, main_category, category, price_cents,
      description, image_count, store, stock_quantity, created_at, updated_at)
    select ${SHOP}, id, 'Open box item ' || id, 'open box item ' || id, 'Main ' || (id % 8),
      'Sub ' || (id % 64), 1999, '<p>About item ' || id || '</p>', 0, 'AYZ', 4000, ${at}, ${at}
    from n`.execute(db);
  await sql`insert into product_conditions (shop, product_id, condition, price_cents, available_quantity)
    select p.shop, p.id, c.name, 1999, 1000 from products p
    cross join (select 'acceptable' as name union all select 'good' union all select 'verygood'
      union all select 'excellent') c
    where p.shop = ${SHOP}`.execute(db);
  if (handle.dialect === 'postgres') await sql`vacuum analyze products`.execute(db);
  else await sql`analyze`.execute(db);
}

function importFile(work: string): string {
  const file = path.join(work, 'import.csv');
  const stamp = Date.now();
  const lines = ['id,title,description'];
  for (let id = 1; id <= ROWS; id += 1) {
    const title = id % 10 === 0 ? `Renamed ${stamp} item ${id}` : `Open box item ${id}`;
    lines.push(`${id},${title},<p>Imported ${stamp} for product ${id}</p>`);
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** node:http rather than fetch, whose answer deadline (300 s) the slowest imports before issue 16 passed. */
function post(url: string, token: string, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function summary(name: string, calls: Call[]): string {
  if (calls.length === 0) return `${name.padEnd(26)} no calls`;
  const times = calls.map((c) => c.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const slow = times.filter((ms) => ms > 2000).length;
  const failed = calls.filter((c) => c.status === 0 || c.status >= 500).length;
  const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
  return `${name.padEnd(26)} ${String(calls.length).padStart(5)} calls   p50 ${ms(at(0.5))}   p99 ${ms(at(0.99))}   max ${ms(times.at(-1)!)}   over 2 s: ${slow}   failed: ${failed}`;
}

async function run(dialect: Dialect, databaseUrl: string | undefined): Promise<void> {
  const fresh = await openFresh(dialect, databaseUrl);
  const { handle } = fresh;
  let started = performance.now();
  await seed(handle);
  console.log(
    `\n${dialect}: ${ROWS} open-box products seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The import's own log lines say how long its writing transaction held the database.
  const importLines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.includes('CSV import')) importLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const { config, dataDir } = benchConfig({ LOG_LEVEL: 'info' });
  const { app, baseUrl } = await startBenchApp(config, handle, { logStream });
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: 'bench admin password' }),
  });
  const adminToken = ((await login.json()) as { token: string }).token;
  const buyers = [];
  for (let i = 0; i < BUYERS; i += 1) {
    const sub = `bench-buyer-${i}`;
    const signIn = await fetch(`${baseUrl}/api/auth/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sub, name: `Bench buyer ${i}`, email: `${sub}@example.com` }),
    });
    buyers.push({ sub, token: ((await signIn.json()) as { token: string }).token });
  }
  const file = importFile(fresh.work);
  const body = fs.readFileSync(file);

  const worker = new Worker(new URL('./import-load.worker.mjs', import.meta.url), {
    workerData: { baseUrl, shop: SHOP, maxId: ROWS, buyers },
  });
  const finished = once(worker, 'message') as Promise<[Call[]]>;
  await once(worker, 'online');
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));

  const importStart = performance.timeOrigin + performance.now();
  started = performance.now();
  const response = await post(`${baseUrl}/api/admin/import?shop=${SHOP}&dryRun=false`, adminToken, body);
  const importSeconds = (performance.now() - started) / 1000;
  const importEnd = performance.timeOrigin + performance.now();
  const report = JSON.parse(response.body) as Record<string, unknown>;

  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  worker.postMessage('stop');
  const [calls] = await finished;
  await worker.terminate();

  const counts = ['created', 'updated', 'unchanged'].map((key) => `${String(report[key])} ${key}`).join(', ');
  const errors = Array.isArray(report.errors) ? report.errors.length : report.error;
  console.log(
    `import of ${ROWS} rows (${(body.length / 1e6).toFixed(1)} MB): ${response.status} in ${importSeconds.toFixed(1)} s, ${counts}, errors: ${errors}`,
  );
  for (const line of importLines) {
    const { msg, level: _level, time: _time, pid: _pid, hostname: _host, reqId: _reqId, ...fields } = line;
    console.log(`  log: ${String(msg)} ${JSON.stringify(fields)}`);
  }
  const during = calls.filter((c) => c.start < importEnd && c.start + c.ms > importStart);
  const before = calls.filter((c) => c.start + c.ms <= importStart);
  for (const kind of [...new Set(calls.map((c) => c.kind))]) {
    console.log(
      `  quiet   ${summary(
        kind,
        before.filter((c) => c.kind === kind),
      )}`,
    );
    console.log(
      `  import  ${summary(
        kind,
        during.filter((c) => c.kind === kind),
      )}`,
    );
  }
  const failures = during.filter((c) => c.status === 0 || c.status >= 500);
  for (const failure of failures.slice(0, 5)) {
    console.log(`  failed: ${failure.kind} ${failure.status} ${failure.error ?? ''}`);
  }

  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await fresh.close();
}

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
await run('sqlite', undefined);
if (databaseUrl) await run('postgres', databaseUrl);
else console.log('\npostgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
