// `npm run cluster`: the production shape on one machine. nginx on PORT (default 8080) in front of two
// app processes that share PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), with WebSocket upgrade for
// the chat; an app process that exits is started again, with back-off. nginx is Debian's package,
// installed when missing; its config is generated from deploy/nginx.conf.template into a temporary
// folder. SIGTERM or SIGINT stops everything.
// Options: APP_PORTS (two ports, default PORT+1 and PORT+2). Other settings pass through to the apps.
/* global fetch, URL, setTimeout, clearTimeout */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startProcess } from './processes.mjs';

const NGINX = '/usr/sbin/nginx';
const say = (line) => console.log(`[cluster] ${line}`);

function fail(sentence) {
  console.error(sentence);
  process.exit(1);
}

const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
if (missing.length > 0) {
  fail(
    `${missing.join(' and ')} must be set: the app processes share one PostgreSQL (DATABASE_URL=postgres://…) and one Redis (REDIS_URL=redis://…).`,
  );
}
if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/index.html')) {
  fail('There is no production build in dist/: run `npm run build` first.');
}
if (!fs.existsSync(NGINX)) {
  say("nginx is missing: installing Debian's package…");
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    fail('nginx could not be installed (apt-get install nginx, as root).');
  }
}

const port = Number(process.env.PORT ?? 8080);
const appPorts = (process.env.APP_PORTS ?? `${port + 1},${port + 2}`).split(',').map(Number);
if (appPorts.length !== 2 || appPorts.some((p) => !Number.isInteger(p) || p <= 0 || p > 65535)) {
  fail('APP_PORTS must be two port numbers, e.g. APP_PORTS=8081,8082.');
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-nginx-'));
const template = fs.readFileSync(new URL('../deploy/nginx.conf.template', import.meta.url), 'utf8');
const upstreams = appPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
let config = template
  .replaceAll('{{PORT}}', String(port))
  .replaceAll('{{UPSTREAMS}}', upstreams)
  .replaceAll('{{RUN_DIR}}', runDir);
// As root, nginx's workers would otherwise switch to a user that may not read the temp folder.
if (process.getuid?.() === 0) config = `user root;\n${config}`;
const configFile = path.join(runDir, 'nginx.conf');
fs.writeFileSync(configFile, config);

/** Processes running now (an exited one leaves the set); restarts waiting for their back-off. */
const children = new Set();
const pendingRestarts = new Set();
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const timer of pendingRestarts) clearTimeout(timer);
  for (const child of children) child.kill('SIGTERM');
  // Each app process exits within 10 s by itself; nginx at once.
  setTimeout(() => process.exit(code), 11_000).unref();
  Promise.all([...children].map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(
    () => {
      fs.rmSync(runDir, { recursive: true, force: true });
      process.exit(code);
    },
  );
}
process.once('SIGTERM', () => stopAll(0));
process.once('SIGINT', () => stopAll(0));

// Through scripts/processes.mjs: should this script end any other way than stopAll (an exception, the
// 11 s limit above), the processes it started are killed with it rather than left serving.
function run(command, args, env) {
  const { child } = startProcess(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function start(name, command, args, env) {
  const child = run(command, args, env);
  child.once('exit', (code, signal) => {
    if (!stopping) say(`${name} stopped (${signal ?? `exit ${code}`}); the others keep serving.`);
  });
}

// An app process that exits (a crash, a kill, a start that failed) is started again after 1 s, then 2,
// 4 … up to 30 s while it keeps failing, so a process that cannot start does not spin; one that ran a
// minute or more before exiting was healthy, and waits 1 s again.
const RESTART_FIRST_MS = 1_000;
const RESTART_LONGEST_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;

function supervise(name, command, args, env) {
  let delay = RESTART_FIRST_MS;
  let restarts = 0;
  const launch = () => {
    const startedAt = Date.now();
    run(command, args, env).once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) delay = RESTART_FIRST_MS;
      restarts += 1;
      say(
        `${name} exited (${signal ?? `exit ${code}`}); restart ${restarts} in ${delay / 1000} s, the other keeps serving.`,
      );
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        if (!stopping) launch();
      }, delay);
      pendingRestarts.add(timer);
      delay = Math.min(delay * 2, RESTART_LONGEST_MS);
    });
  };
  launch();
}

async function waitForHealth(appPort) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const up = await fetch(`http://127.0.0.1:${appPort}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await sleep(100);
  }
  say(`the app on port ${appPort} did not answer within 60 s`);
  stopAll(1);
}

// One after the other: the first migrates and seeds an empty database, the second finds it done.
for (const [index, appPort] of appPorts.entries()) {
  supervise(`app ${index + 1} (port ${appPort})`, process.execPath, ['dist/server/main.js'], {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    // nginx is the one proxy: the apps see the real client in X-Forwarded-For.
    TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
  });
  await waitForHealth(appPort);
}
start('nginx', NGINX, ['-c', configFile, '-p', runDir], process.env);
for (let attempt = 0; attempt < 100; attempt += 1) {
  const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (up) break;
  await sleep(100);
}
say(`nginx on http://localhost:${port} in front of app processes on ports ${appPorts.join(' and ')}.`);
