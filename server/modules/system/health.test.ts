/**
 * /api/health asks every registered dependency and answers 200 only when each answers in time;
 * /api/health/live asks none. A second dependency (as Redis registers itself) is probed here with real
 * sockets: a port nothing listens on, and a listener that accepts and never answers.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { HEALTH_PROBE_DEADLINE_MS, healthSentence, registerHealthProbe } from './health.js';

/** Resolves when a TCP connection to `port` opens; rejects when it is refused. */
function reach(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

/** A listener that accepts and never answers, and a request/answer over it that therefore never ends. */
async function silentListener(): Promise<{ port: number; ask: () => Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    ask: () =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
        socket.once('data', () => resolve());
        socket.once('error', reject);
      }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.each(TEST_DIALECTS)('health on %s', (dialect) => {
  let t: TestApp;
  let silent: Awaited<ReturnType<typeof silentListener>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    silent = await silentListener();
  });
  afterEach(() => t.app.healthProbes.delete('redis'));
  afterAll(async () => {
    await silent.close();
    await t.close();
  });

  it('answers 200 with the dialect when the database answers, never from a cache', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true, db: dialect });
    expect(health.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['retry-after']).toBeUndefined();
  });

  it('answers 503 naming a registered dependency that refuses, with Retry-After', async () => {
    const port = await closedPort();
    registerHealthProbe(t.app, 'redis', () => reach(port));
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.json()).toEqual({ ok: false, error: 'The shop cannot reach Redis.', down: ['redis'] });
  });

  it('gives up on a dependency that never answers after its deadline', async () => {
    registerHealthProbe(t.app, 'redis', silent.ask);
    const started = Date.now();
    const health = await t.app.inject({ url: '/api/health' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEALTH_PROBE_DEADLINE_MS - 50);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ ok: false, down: ['redis'] });
  });

  it('asks each dependency once for requests that arrive while a round is under way, and again after it', async () => {
    let calls = 0;
    let answer: () => void = () => undefined;
    registerHealthProbe(t.app, 'redis', () => {
      calls += 1;
      return new Promise<void>((resolve) => (answer = resolve));
    });
    const waiting = Array.from({ length: 5 }, () => t.app.inject({ url: '/api/health' }));
    await expect.poll(() => calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();
    const answers = await Promise.all(waiting);
    expect(answers.map((health) => health.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(calls).toBe(1);
    const later = t.app.inject({ url: '/api/health' });
    await expect.poll(() => calls).toBe(2);
    answer();
    expect((await later).statusCode).toBe(200);
  });

  it('answers live with 200 without asking any dependency', async () => {
    registerHealthProbe(t.app, 'redis', silent.ask);
    const started = Date.now();
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(Date.now() - started).toBeLessThan(HEALTH_PROBE_DEADLINE_MS);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
  });
});

describe('healthSentence', () => {
  it('names every dependency that is down', () => {
    expect(healthSentence(['database'])).toBe('The shop cannot reach its database.');
    expect(healthSentence(['database', 'redis'])).toBe('The shop cannot reach its database and Redis.');
  });
});
