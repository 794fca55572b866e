/**
 * What one answer of the app costs against the same bytes from a bare Fastify (issue 21). Four
 * processes: the production build (`node dist/server/main.js`, NODE_ENV=production, SQLite seeded with
 * the demo catalogue, logging at its default level into a file, every hook and security header on);
 * a bare Fastify 5 (bench/bare-fastify.mjs: no logger, no hooks) answering each URL with the body bytes
 * and content type the app gave for it, from memory; the same bare Fastify doing only what the issue says
 * to keep on every answer (`--kept`: the app's response headers, a request id, one log line); and
 * autocannon, the load generator. Each runs in a process of its own, so the bare one is the most this
 * machine can serve for the same request and body, and the kept one the most an app keeping those duties
 * can.
 *
 * Run: npm run build, then npm run bench:http [-- --seconds 10 --connections 50 --rounds 3 --warmup 3
 * --pages page,overview,health,html]. It builds nothing. Each round measures every page on the three
 * servers, one after the other (the order turning between rounds), so all see the same machine;
 * the load average is printed beside each figure. Per run: requests/s, and the server's CPU time per
 * answer (utime + stime from /proc over the run, divided by the answers), which depends far less on
 * what else the machine runs. Targets (the ratio app/bare of requests/s): a catalogue page ≥ 0.5,
 * /api/health ≥ 0.7. Plain requests (no Accept-Encoding, no If-None-Match), so every answer is a 200
 * with the whole body.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { startProcess, stopChildrenOnSignals } from '../scripts/processes.mjs';
import { startServerProcess, untilListening } from '../server/test/server-process.js';
import { type CpuProfile, summarize } from './cpu-profile-summary.mjs';
import { option } from './support.js';

const seconds = option('seconds', 10);
const connections = option('connections', 50);
const rounds = option('rounds', 3);
const warmup = option('warmup', 3);
/** A folder for the app's V8 CPU profile of the whole run (node --cpu-prof), summarized at the end. */
const profileAt = process.argv.indexOf('--profile');
const profileDir = profileAt > 0 ? path.resolve(process.argv[profileAt + 1] ?? '') : undefined;

/** Headers Node writes itself, or that differ from one answer to the next: never copied to the bare servers. */
const PER_ANSWER_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'transfer-encoding',
  'x-request-id',
]);

const PAGES = {
  page: {
    name: 'catalogue page, pc, Graphics Cards',
    url: '/api/catalog?shop=pc&category=Graphics%20Cards',
    target: 0.5,
  },
  overview: { name: 'overview, pc', url: '/api/catalog/overview?shop=pc', target: undefined },
  health: { name: '/api/health', url: '/api/health', target: 0.7 },
  html: { name: 'catalogue HTML page, /pcshop', url: '/pcshop', target: undefined },
} as const;
type PageKey = keyof typeof PAGES;
const pagesArg = process.argv.indexOf('--pages');
const chosen = (pagesArg > 0 ? process.argv[pagesArg + 1]!.split(',') : Object.keys(PAGES)) as PageKey[];
for (const key of chosen)
  if (!Object.hasOwn(PAGES, key))
    throw new Error(`--pages: no page "${key}" (${Object.keys(PAGES).join(', ')})`);

if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/index.html')) {
  console.error(
    'No build: run npm run build first (this bench measures the production build and builds nothing).',
  );
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-http-bench-'));
const logFile = path.join(dataDir, 'server.log');
// The bench's own SQLite file, one process, the default log level: nothing from the shell's environment.
const inherited = { ...process.env };
for (const name of ['DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'PUBLIC_URL', 'TRUST_PROXY'])
  delete inherited[name];

// Every child is node itself through scripts/processes.mjs: stopped at the end, and by a Ctrl-C or
// SIGTERM to this bench, which then ends too.
stopChildrenOnSignals();
if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
const app = await startServerProcess({
  entry: 'build',
  ...(profileDir ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profileDir] } : {}),
  env: {
    ...inherited,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    ADMIN_PASSWORD: 'bench admin password',
    SESSION_SECRET: 'bench session secret that is long enough to be accepted',
    ALLOW_DEMO_SIGN_IN: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
  },
  output: { file: logFile },
});
const bares: ReturnType<typeof startProcess>[] = [];
const keptLogFile = path.join(dataDir, 'kept.log');
try {
  await untilListening(app, 120_000);

  // The bytes the bare process serves: the app's own answer to each URL.
  const pages: { url: string; contentType: string; body: string; headers: Record<string, string> }[] = [];
  for (const key of chosen) {
    const { url } = PAGES[key];
    // As autocannon asks: no Accept-Encoding (fetch would ask for gzip and br, and undo them).
    const response = await fetch(app.url + url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.toString()}`);
    // The headers the app sends with it, less those Node writes itself or that differ per answer.
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name)),
    );
    pages.push({
      url,
      contentType: response.headers.get('content-type')!,
      body: body.toString('base64'),
      headers,
    });
  }
  const pagesFile = path.join(dataDir, 'pages.json');
  fs.writeFileSync(pagesFile, JSON.stringify(pages));
  /** Starts bench/bare-fastify.mjs with `args` and answers its address once it listens. */
  async function startBare(
    args: string[],
  ): Promise<{ process: ReturnType<typeof startProcess>; url: string }> {
    const started = startProcess(process.execPath, ['bench/bare-fastify.mjs', pagesFile, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    bares.push(started);
    const port = await new Promise<number>((resolve, reject) => {
      let text = '';
      started.child.stdout!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const found = /listening (\d+)/.exec(text)?.[1];
        if (found) resolve(Number(found));
      });
      void started.exited.then(() => reject(new Error(`the bare Fastify exited: ${text}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    for (const page of pages) {
      const same = Buffer.from(await (await fetch(url + page.url)).arrayBuffer());
      if (!same.equals(Buffer.from(page.body, 'base64')))
        throw new Error(`the bare Fastify's ${page.url} differs`);
    }
    return { process: started, url };
  }
  const bare = await startBare([]);
  const kept = await startBare(['--kept', keptLogFile]);

  const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  /** utime + stime of a process, in seconds (Linux's /proc; undefined elsewhere). */
  const cpuSeconds = (pid: number): number | undefined => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 and 15 of proc(5), counted from the state (field 3); clock ticks of 10 ms.
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return undefined;
    }
  };
  interface Run {
    rps: number;
    requests: number;
    cpuMicros: number | undefined;
    load: number;
  }
  async function run(base: string, pid: number, url: string, duration: number): Promise<Run> {
    const load = os.loadavg()[0]!;
    const cpuBefore = cpuSeconds(pid);
    const cannon = startProcess(
      process.execPath,
      [autocannon, '-c', String(connections), '-d', String(duration), '-j', base + url],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    cannon.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    cannon.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const { code } = await cannon.exited;
    const cpuAfter = cpuSeconds(pid);
    if (code !== 0) throw new Error(`autocannon exited with ${code}: ${stderr}`);
    const result = JSON.parse(stdout) as {
      requests: { average: number; total: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    };
    if (result.errors || result.timeouts || result.non2xx) {
      throw new Error(
        `${base + url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers other than 2xx`,
      );
    }
    const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
    return {
      rps: result.requests.average,
      requests: result.requests.total,
      cpuMicros: cpu === undefined ? undefined : (cpu * 1e6) / result.requests.total,
      load,
    };
  }

  const targets = {
    app: { base: app.url, pid: app.pid },
    bare: { base: bare.url, pid: bare.process.pid! },
    kept: { base: kept.url, pid: kept.process.pid! },
  };
  type Side = keyof typeof targets;
  const SIDES = Object.keys(targets) as Side[];
  type Round = Record<Side, Run>;
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, ${connections} connections, ${seconds} s per run, ` +
      `${rounds} rounds (${warmup} s warm-up per page and server first)`,
  );
  for (const key of chosen) {
    for (const target of Object.values(targets)) await run(target.base, target.pid, PAGES[key].url, warmup);
  }
  const results = new Map<PageKey, Round[]>(chosen.map((key) => [key, []]));
  const micros = (r: Run) => (r.cpuMicros === undefined ? '' : ` ${r.cpuMicros.toFixed(0)} µs CPU/answer`);
  for (let round = 1; round <= rounds; round += 1) {
    for (const key of chosen) {
      // Each round turns the order, so no server always runs first (or last) on a warming machine.
      const order = SIDES.map((_, index) => SIDES[(index + round - 1) % SIDES.length]!);
      const measured = {} as Round;
      for (const side of order)
        measured[side] = await run(targets[side].base, targets[side].pid, PAGES[key].url, seconds);
      results.get(key)!.push(measured);
      console.log(
        `round ${round} ${PAGES[key].name}: ` +
          SIDES.map(
            (side) =>
              `${side} ${measured[side].rps.toFixed(0)} req/s${micros(measured[side])} (load ${measured[side].load.toFixed(1)})`,
          ).join(', ') +
          `, app/bare ${(measured.app.rps / measured.bare.rps).toFixed(2)}`,
      );
    }
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const spread = (values: number[], digits: number) =>
    `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
  console.log(
    '\nmedian (range) over the rounds; bare = the same bytes from a bare Fastify, kept = bare plus the app’s' +
      ' response headers and one log line per answer (bench/bare-fastify.mjs --kept):',
  );
  for (const key of chosen) {
    const measured = results.get(key)!;
    const page = PAGES[key];
    const bytes = Buffer.from(pages.find((p) => p.url === page.url)!.body, 'base64').length;
    const loads = measured.flatMap((r) => SIDES.map((side) => r[side].load));
    console.log(`${page.name} (${page.url}, ${bytes.toLocaleString('en')} bytes)`);
    for (const side of SIDES) {
      const cpu = measured.map((r) => r[side].cpuMicros).filter((v): v is number => v !== undefined);
      console.log(
        `  ${side.padEnd(4)} ${spread(
          measured.map((r) => r[side].rps),
          0,
        )} req/s${cpu.length ? `, ${spread(cpu, 0)} µs CPU per answer` : ''}`,
      );
    }
    const ratio = (a: Side, b: Side) =>
      spread(
        measured.map((r) => r[a].rps / r[b].rps),
        2,
      );
    console.log(
      `  app/bare ${ratio('app', 'bare')}${page.target ? ` (target ≥ ${page.target})` : ''}; ` +
        `kept/bare ${ratio('kept', 'bare')} (the most an app keeping them reaches); app/kept ${ratio('app', 'kept')}; ` +
        `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    );
  }

  // The answers did not change under the bench (a new catalogue state would have been a new body).
  for (const page of pages) {
    const now = Buffer.from(await (await fetch(app.url + page.url)).arrayBuffer());
    if (!now.equals(Buffer.from(page.body, 'base64')))
      console.log(`note: the app's ${page.url} changed during the bench`);
  }
  let lines = 0;
  for await (const chunk of fs.createReadStream(logFile)) {
    for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
  }
  console.log(`\nThe app wrote ${lines.toLocaleString('en')} log lines (its default level, into a file).`);
} finally {
  for (const started of bares) await started.stop();
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (profileDir) {
  // Written by the app as it exits (SIGTERM, then its own process.exit).
  const written = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  const newest = written
    .map((name) => path.join(profileDir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!newest) console.log(`\nNo CPU profile was written in ${profileDir}.`);
  else {
    console.log(
      `\nThe app's CPU profile: ${newest} (a flame graph in Chrome DevTools' Performance panel or speedscope)`,
    );
    console.log(summarize(JSON.parse(fs.readFileSync(newest, 'utf8')) as CpuProfile));
  }
}
