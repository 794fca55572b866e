/**
 * The real server as a child process, for the tests (and benches) that need one: node itself runs
 * `server/main.ts` (`--import tsx`) or the build's `dist/server/main.js`, never through npx, npm or a tsx
 * wrapper, so the child is the process that serves and stopping it stops the server. Started through
 * scripts/processes.mjs: killed however the caller ends, and found by the test run's teardown if not.
 */
import { createTestSchema } from './test-schemas.js';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ProcessExit, startProcess, type StopOptions } from '../../scripts/processes.mjs';
import { type DatabaseHandle, type Dialect, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export interface ServerProcess {
  child: ChildProcess;
  /** The serving process's id. */
  pid: number;
  port: number;
  url: string;
  /**
   * Everything it wrote so far (stdout and stderr), when its output is kept (the default) or written to
   * a file (then read from that file).
   */
  output(): string;
  /**
   * Resolves with the `occurrence`th line (default the first) matching `pattern`, also one already
   * written, or rejects after `ms`.
   */
  waitForLine(pattern: RegExp, ms?: number, occurrence?: number): Promise<string>;
  /** Resolves when it exits, with its code and when. */
  exited: Promise<ProcessExit>;
  alive(): boolean;
  /** SIGTERM (or `signal`), as a process manager stops it, and its exit awaited (SIGKILL after `graceMs`). */
  stop(options?: StopOptions): Promise<ProcessExit>;
  /** SIGKILL, and its exit awaited. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcessOptions {
  /** The environment, whole (but PORT, and HOST: it listens on 127.0.0.1, where `url` reaches it). */
  env: NodeJS.ProcessEnv;
  /** Default: a free port. */
  port?: number;
  /** `source` (default): server/main.ts through tsx's loader; `build`: dist/server/main.js. */
  entry?: 'source' | 'build';
  /** Node's own flags before the entry (e.g. --expose-gc). */
  nodeArgs?: string[];
  /**
   * `keep` (default): collected for output() and waitForLine(); `inherit`: to this process's own;
   * `{ file }`: appended to that file (a bench's server logging every request), which output() and
   * waitForLine() read.
   */
  output?: 'keep' | 'inherit' | { file: string };
}

/** Starts the real server on `port` with exactly `env`; does not wait for it to listen. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const entry = options.entry === 'build' ? ['dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const output = options.output ?? 'keep';
  const keep = output === 'keep';
  const file = typeof output === 'object' ? output.file : undefined;
  const fd = file === undefined ? undefined : fs.openSync(file, 'a');
  let started;
  try {
    started = startProcess(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
      env: { ...options.env, HOST: '127.0.0.1', PORT: String(port) },
      stdio:
        fd !== undefined
          ? ['ignore', fd, fd]
          : keep
            ? ['ignore', 'pipe', 'pipe']
            : ['ignore', 'inherit', 'inherit'],
    });
  } finally {
    // The child holds its own copy of the descriptor.
    if (fd !== undefined) fs.closeSync(fd);
  }
  const { child } = started;
  if (started.pid === undefined) throw new Error(`the server could not start: ${process.execPath}`);
  let text = '';
  const watchers = new Set<() => void>();
  const take = (chunk: Buffer) => {
    text += chunk.toString();
    for (const watcher of [...watchers]) watcher();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const written = () => (file === undefined ? text : fs.readFileSync(file, 'utf8'));

  return {
    child,
    pid: started.pid,
    port,
    url: `http://127.0.0.1:${port}`,
    output: written,
    waitForLine(pattern, ms = 15_000, occurrence = 1) {
      return new Promise((resolve, reject) => {
        // A file is read again every 50 ms; kept output is checked as it arrives.
        const poll = file === undefined ? undefined : setInterval(() => check(), 50);
        const done = () => {
          clearTimeout(timer);
          clearInterval(poll);
          watchers.delete(check);
        };
        const check = () => {
          const line = written()
            .split('\n')
            .filter((candidate) => pattern.test(candidate))[occurrence - 1];
          if (line === undefined) return;
          done();
          resolve(line);
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(`no line matching ${pattern} within ${ms} ms; output:\n${written().slice(-3000)}`),
          );
        }, ms);
        watchers.add(check);
        check();
      });
    },
    exited: started.exited,
    alive: started.alive,
    stop: (stopOptions) => started.stop(stopOptions),
    async kill() {
      await started.stop({ signal: 'SIGKILL' });
    },
  };
}

/** Starts the server from source with `env` over a test baseline, on a free port; does not wait for it to listen. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'fault-test-password',
      SESSION_SECRET: 'fault-test-secret',
      ...env,
    },
  });
}

/** Waits until the server answers HTTP (GET /api/config), or rejects when it exits or after `ms`. */
export async function untilListening(server: ServerProcess, ms = 60_000): Promise<void> {
  const giveUp = Date.now() + ms;
  while (Date.now() < giveUp) {
    if (!server.alive())
      throw new Error(`the server exited while starting:\n${server.output().slice(-3000)}`);
    const up = await fetch(`${server.url}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not listen within ${ms} ms:\n${server.output().slice(-3000)}`);
}

/** A migrated database for server processes, with the test's own handle to it (to seed and to check). */
export interface ProcessDatabase {
  /** DATA_DIR and DATABASE_URL for the processes. */
  env: Record<string, string>;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * SQLite: a fresh file in a temp DATA_DIR. PostgreSQL: a fresh schema of TEST_DATABASE_URL, which the
 * processes use through the URL's search_path.
 */
export async function prepareProcessDatabase(dialect: Dialect): Promise<ProcessDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-process-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    const handle = openDatabase({ sqliteFile: path.join(dataDir, 'shop.db') });
    await migrateToLatest(handle.db);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      handle,
      async close() {
        await handle.close();
        removeDir();
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = await createTestSchema(base);
  const handle = openDatabase({ databaseUrl: base, sqliteFile: '', pgSchema: schema });
  await migrateToLatest(handle.db, schema);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    handle,
    async close() {
      // The schema goes with the run's others after the last file (test-schemas.ts).
      await handle.close();
      removeDir();
    },
  };
}
