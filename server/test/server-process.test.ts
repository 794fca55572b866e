/**
 * Whatever starts a server stops the process that serves (issue 20): the harness's server is the process
 * that listens, it is gone once stopped, it is killed when its caller ends without stopping it, and the
 * run's teardown (global-setup.ts) finds a process a test started and left running.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { processExists, startProcess, untilGone } from '../../scripts/processes.mjs';
import { leftoverProcesses } from './global-setup.js';
import { spawnServer, startServerProcess, untilListening } from './server-process.js';
import { testRun } from './test-schemas.js';

const temporary: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-process-test-'));
  temporary.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

const answers = (url: string) =>
  fetch(`${url}/api/health/live`).then(
    () => true,
    () => false,
  );

describe('the server process of the tests', () => {
  it('is the process that serves: once stopped, its pid is gone and its port refuses', async () => {
    const server = await spawnServer({ DATA_DIR: tempDir() });
    try {
      await untilListening(server);
      expect(fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8')).toContain('server/main.ts');
      const { code } = await server.stop();
      expect(code).toBe(0);
      expect(processExists(server.pid)).toBe(false);
      expect(await answers(server.url)).toBe(false);
    } finally {
      await server.kill();
    }
  }, 60_000);

  it('can write its output to a file, where output() and waitForLine() read it', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'server.log');
    const server = await startServerProcess({
      env: {
        ...process.env,
        DATA_DIR: dir,
        DATABASE_URL: '',
        REDIS_URL: '',
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD: 'file-output-password',
        SESSION_SECRET: 'file-output-secret',
      },
      output: { file },
    });
    try {
      await untilListening(server);
      const line = await server.waitForLine(/Server listening/);
      expect(fs.readFileSync(file, 'utf8')).toContain(line);
      expect(server.output()).toContain(line);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('is killed when the code that started it ends without stopping it (a failed test, an exception)', async () => {
    // A caller that starts a server, says its pid once it listens, and dies of an uncaught exception.
    const caller = path.join(tempDir(), 'caller.mjs');
    const harness = path.resolve('server/test/server-process.ts');
    fs.writeFileSync(
      caller,
      `import { spawnServer, untilListening } from ${JSON.stringify(harness)};
const server = await spawnServer({ DATA_DIR: ${JSON.stringify(tempDir())} });
await untilListening(server);
console.log('server pid', server.pid, server.url);
throw new Error('the test failed');
`,
    );
    const run = startProcess(process.execPath, ['--import', 'tsx', caller], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    run.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const { code } = await run.exited;
    expect(code, output).toBe(1);
    const [, pid, url] = /server pid (\d+) (\S+)/.exec(output) ?? [];
    expect(pid, output).toBeDefined();
    // The caller's last act was a SIGKILL to it, which the kernel carries out a moment later.
    await untilGone(Number(pid));
    expect(await answers(url!)).toBe(false);
  }, 60_000);
});

describe("the run's check for processes left running", () => {
  it('finds a process a test started (with the run in its environment) until it has exited', async () => {
    const left = spawn('sleep', ['60'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => left.once('exit', resolve));
    try {
      expect(leftoverProcesses(testRun()).map((found) => found.pid)).toContain(left.pid);
    } finally {
      left.kill('SIGKILL');
      await exited;
    }
    expect(leftoverProcesses(testRun()).map((found) => found.pid)).not.toContain(left.pid);
  });
});
