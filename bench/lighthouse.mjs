// Lighthouse 12, mobile preset, on the shop pages of a production build (issue 9's first view on a phone).
// Builds nothing: run `npm run build` first, then `npm run bench:lighthouse [-- --runs 3 --pages /,/pcshop]`.
// `--busy N` runs N other CPU-bound processes (node spinning a loop) beside the whole audit, as a cheap
// phone's busy CPU would be (issue 21): started and stopped through scripts/processes.mjs, so a failed or
// interrupted run leaves none behind.
// Starts node dist/server/main.js (NODE_ENV=production) on a fresh temporary DATA_DIR seeded with the demo
// catalogue and a free port, audits each page in Debian's Chromium (CHROMIUM_PATH to use another), prints
// the four scores per page (the median of the runs for performance) and, below target, the audits that
// cost the most. Exits 0 whatever the scores: targets are read, never asserted (bench/README.md).
/* global fetch */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProcess, stopChildrenOnSignals } from '../scripts/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const PAGES = option('pages', '/,/pcshop,/refferals').split(',');
const RUNS = Number(option('runs', '3'));
/** A folder to keep each page's median report in (JSON), to read its trace-based audits later. */
const SAVE = option('save', undefined);
/**
 * Unmeasured runs of each page first: a page's first load makes its card pictures' smaller copies on the
 * server (server/modules/images/variants.ts), CPU the audit's Chromium then competes with, so the first
 * measured run was usually the worst of a page's three.
 */
const WARMUP = Number(option('warmup', '1'));
/** How many CPU-bound neighbours spin beside the audit (0: a quiet machine, as far as this bench goes). */
const BUSY = Number(option('busy', '0'));
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };

if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/index.html')) {
  console.error('No production build in dist/: run `npm run build` first.');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(300);
  }
  throw new Error('The server did not answer /api/health within 120 s.');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** The audits that cost the most: failing scored audits, heaviest first, with their displayed value. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0 || categoryId === 'performance')
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
    )
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .slice(0, 6)
    .map(
      ({ audit }) =>
        `${audit.id} (${Math.round(audit.score * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
    );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-lighthouse-'));
const port = await freePort();
// The bench's own SQLite file and one process: a DATABASE_URL or REDIS_URL from the shell is not used.
const inherited = { ...process.env };
delete inherited.DATABASE_URL;
delete inherited.REDIS_URL;
// The server is node itself (scripts/processes.mjs): stopped at the end, and by a Ctrl-C or SIGTERM to
// this bench, which then ends too.
stopChildrenOnSignals();
const server = startProcess(process.execPath, ['dist/server/main.js'], {
  env: {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'lighthouse-bench-password',
    SESSION_SECRET: 'lighthouse-bench-session-secret',
    ALLOW_DEMO_SIGN_IN: 'true',
    ALLOW_SANDBOX_PAYMENTS: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

// Each neighbour is node spinning until it is stopped: pure CPU, no memory or I/O, one core's worth.
const neighbours = Array.from({ length: BUSY }, () =>
  startProcess(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);

let chrome;
try {
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(`${origin}/api/health`, server.child);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${RUNS} run(s) per page, ${BUSY} busy neighbour(s), load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}, ${WARMUP} unmeasured run(s) per page first`,
  );
  // One unmeasured visit, so the server's first-request work (compression caches, SQLite pages) is done.
  await fetch(`${origin}${PAGES[0]}`);
  for (const page of PAGES) {
    for (let run = 0; run < WARMUP; run += 1) {
      await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
    }
  }
  for (const page of PAGES) {
    const runs = [];
    const failed = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      });
      // A run Chromium could not load (seen once: CHROME_INTERSTITIAL_ERROR on a loaded machine) scores
      // every category 0; it is reported, not counted into the median.
      if (result.lhr.runtimeError) failed.push(result.lhr.runtimeError.code);
      else runs.push(result.lhr);
    }
    if (failed.length) console.log(`${page.padEnd(11)} ${failed.length} run(s) failed: ${failed.join(', ')}`);
    if (!runs.length) continue;
    const perfScores = runs.map((lhr) => Math.round(lhr.categories.performance.score * 100));
    const medianPerf = median(perfScores);
    const lhr = runs[perfScores.indexOf(medianPerf)];
    if (SAVE) {
      fs.mkdirSync(SAVE, { recursive: true });
      fs.writeFileSync(path.join(SAVE, `${page.replace(/\W/g, '') || 'root'}.json`), JSON.stringify(lhr));
    }
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((id) => [id, Math.round(lhr.categories[id].score * 100)]),
    );
    const tbt = lhr.audits['total-blocking-time'].displayValue;
    const lcp = lhr.audits['largest-contentful-paint'].displayValue;
    const cls = lhr.audits['cumulative-layout-shift'].displayValue;
    // `long-tasks` lists the top-level tasks of 50 ms or more with the durations Lighthouse simulated
    // (its 4x CPU slowdown applied), the ones TBT is summed from; `main-thread-tasks` lists what this
    // machine's Chromium observed, unthrottled.
    const longTasks = lhr.audits['long-tasks']?.details?.items ?? [];
    const longest = longTasks.reduce(
      (top, task) => (task.duration > (top?.duration ?? 0) ? task : top),
      undefined,
    );
    // TBT counts only what runs after the first contentful paint (the page's own parse comes before it).
    const fcp = lhr.audits['first-contentful-paint'].numericValue;
    const longestAfterPaint = Math.round(
      Math.max(0, ...longTasks.filter((t) => t.startTime + t.duration > fcp).map((t) => t.duration)),
    );
    const observed = lhr.audits['main-thread-tasks']?.details?.items ?? [];
    const longestObserved = Math.round(Math.max(0, ...observed.map((t) => t.duration)));
    const tbts = runs.map((run) => Math.round(run.audits['total-blocking-time'].numericValue));
    console.log(
      `${page.padEnd(11)} performance ${String(scores.performance).padStart(3)} (runs ${perfScores.join('/')})  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}  SEO ${scores.seo}`,
    );
    console.log(
      `            LCP ${lcp}, TBT ${tbt} (runs ${tbts.join('/')} ms), CLS ${cls}, ${longTasks.length} long task(s), longest ${Math.round(longest?.duration ?? 0)} ms${longest ? ` (${path.basename(String(longest.url))})` : ''}, ${longestAfterPaint} ms after FCP, longest observed unthrottled ${longestObserved} ms`,
    );
    for (const [id, target] of Object.entries(TARGETS)) {
      if (scores[id] < target)
        console.log(`            ${id} below ${target}: ${failingAudits(lhr, id).join('; ')}`);
    }
  }
} finally {
  await Promise.all(neighbours.map((neighbour) => neighbour.stop({ signal: 'SIGKILL' })));
  await chrome?.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
