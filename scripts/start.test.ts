/**
 * `npm start` and `npm run serve` under a process manager (issue 20): a SIGTERM sent to npm's own process
 * stops the server too (npm passes it to its script, which `exec` made the server itself), and one during
 * `npm start`'s build stops the build. Runs the real npm, with this repository's package.json, in a copy of
 * the project whose `build` is replaced (the built dist/ is linked in): rebuilding dist/ here would pull it
 * from under the other test files that read it. Every process is found by a tag in its environment.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processesWithEnvironment, startProcess, type StartedProcess } from './processes.mjs';
import { freePort } from '../server/test/server-process.js';

const TAG = 'STOREFRONT_START_TEST';
const root = path.resolve('.');
const built = fs.existsSync('dist/server/main.js') && fs.existsSync('dist/client/index.html');
// Without a build this file skips with a sentence (as valid-html.test.ts does); CI must not pass by skipping.
const skip = !built && !process.env.CI;
if (skip) console.warn('start.test.ts: skipped, it needs the build (run `npm run build` first).');

const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
};
const temporary: string[] = [];
const started: StartedProcess[] = [];
afterAll(async () => {
  // Whatever a failed test left: each npm's whole group.
  await Promise.all(started.map((run) => run.stop({ signal: 'SIGKILL' })));
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

/** The project as npm sees it, with `build` replaced by `build`; scripts/, dist/ and node_modules/ linked. */
function projectCopy(build: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-start-'));
  temporary.push(dir);
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ ...packageJson, scripts: { ...packageJson.scripts, build } }, null, 2),
  );
  for (const linked of ['scripts', 'dist', 'node_modules']) {
    fs.symlinkSync(path.join(root, linked), path.join(dir, linked));
  }
  fs.mkdirSync(path.join(dir, 'data'));
  return dir;
}

/** `npm <args>` in `cwd` as its own process group (cleaned up after), tagged, with its output kept. */
async function npm(cwd: string, args: string[], port: number) {
  const tag = crypto.randomBytes(6).toString('hex');
  const run = startProcess('npm', args, {
    cwd,
    group: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      [TAG]: tag,
      npm_config_update_notifier: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(cwd, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'start-test-password',
      SESSION_SECRET: 'start-test-secret',
    },
  });
  started.push(run);
  let output = '';
  run.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  run.child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { run, output: () => output, processes: () => processesWithEnvironment(TAG, tag) };
}

/** Until `ready()` holds, bounded; fails with `output()` if npm exits first. */
async function until(ready: () => Promise<boolean> | boolean, run: StartedProcess, output: () => string) {
  const giveUp = Date.now() + 60_000;
  while (!(await ready())) {
    if (!run.alive()) throw new Error(`npm ended first:\n${output()}`);
    if (Date.now() > giveUp) throw new Error(`gave up waiting:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => response.ok,
    () => false,
  );

describe.skipIf(skip)('npm start and npm run serve under a process manager', () => {
  it.each(['start', 'serve'])(
    'npm run %s: a SIGTERM to npm itself stops the server, and nothing it started is left',
    { timeout: 90_000 },
    async (script) => {
      const cwd = projectCopy('node -e ""');
      const port = await freePort();
      const { run, output, processes } = await npm(cwd, ['run', script], port);
      await until(() => answers(port), run, output);
      const running = processes();
      // npm, and the server in the place of npm's shell.
      expect(running.map((found) => found.command).join('\n'), output()).toMatch(/node scripts\/\w+\.mjs/);

      expect(run.signal('SIGTERM')).toBe(true);
      await run.ended;
      expect(await answers(port)).toBe(false);
      expect(processes(), output()).toEqual([]);
    },
  );

  it('npm start: a SIGTERM during the build stops the build', { timeout: 60_000 }, async () => {
    // It says so once it runs ('building' alone is in npm's echo of the command).
    const cwd = projectCopy(`node -e "console.log('build' + 'ing now'); setInterval(() => {}, 1000)"`);
    const port = await freePort();
    const { run, output, processes } = await npm(cwd, ['start'], port);
    await until(() => output().includes('building now'), run, output);
    expect(processes().some((found) => found.command.includes('setInterval'))).toBe(true);

    expect(run.signal('SIGTERM')).toBe(true);
    await run.ended;
    expect(processes(), output()).toEqual([]);
    expect(await answers(port)).toBe(false);
  });

  it('runs every npm script as `exec` of one command (so the signal npm passes on reaches it), or a chain of steps that end by themselves', () => {
    const chains = ['build', 'lint'];
    for (const [name, command] of Object.entries(packageJson.scripts)) {
      if (chains.includes(name))
        expect(command, name).not.toMatch(/\bexec\b|main\.js|scripts\/(serve|start)/);
      else expect(command, name).toMatch(/^exec [^;&|]+$/);
    }
  });
});
