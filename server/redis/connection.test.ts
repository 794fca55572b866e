/**
 * The Redis connection through a fault proxy: the health probe says the truth within its 2 s (up, cut,
 * stalled, back), each outage is logged once however long it lasts, and a publish while Redis is away is
 * refused at once and caught (an unhandled rejection would end the process); after bytes lost for 3 s
 * (connections kept open), the probe and the app's own commands answer again within 10 s, each with its
 * own reply. Skipped without a Redis at 127.0.0.1:6379.
 */
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../test/fault-proxy.js';
import { connectRedis, luaScript, type RedisConnection } from './connection.js';
import { TEST_REDIS, testRedisAnswers } from '../test/redis.js';

const canRun = await testRedisAnswers();

/** A real logger whose lines the test reads. */
function capturedLogger(): { log: FastifyBaseLogger; messages(): string[] } {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push((JSON.parse(line) as { msg: string }).msg);
    }
  });
  return { log: Fastify({ logger: { level: 'info', stream } }).log, messages: () => lines };
}

/** Resolves once `probe` resolves, trying every 100 ms for at most `ms`. */
async function untilProbeAnswers(redis: RedisConnection, ms = 15_000): Promise<void> {
  const giveUp = Date.now() + ms;
  for (;;) {
    try {
      return await redis.probe();
    } catch (error) {
      if (Date.now() > giveUp) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe.skipIf(!canRun)('the Redis connection through a fault proxy', () => {
  let proxy: FaultProxy | undefined;
  let redis: RedisConnection | undefined;
  afterEach(async () => {
    await redis?.close();
    await proxy?.close();
  });

  it(
    'probes true while up, false within 2 s when cut or stalled, true again once back; logs once per outage',
    {
      timeout: 60_000,
    },
    async () => {
      proxy = await startFaultProxy(TEST_REDIS);
      const { log, messages } = capturedLogger();
      redis = await connectRedis(proxy.url(`redis://${TEST_REDIS.host}:${TEST_REDIS.port}`), log);
      await expect(redis.probe()).resolves.toBeUndefined();
      expect(redis.available()).toBe(true);

      proxy.cut();
      const cutAt = Date.now();
      await expect(redis.probe()).rejects.toThrow(/^Redis at 127\.0\.0\.1:\d+ did not answer/);
      // Generous bounds (a loaded machine): what matters is that it does not wait for Redis to come back.
      expect(Date.now() - cutAt).toBeLessThan(5_000);
      expect(redis.available()).toBe(false);
      // Reconnection attempts keep failing meanwhile; still one line.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await expect(redis.probe()).rejects.toThrow();
      proxy.restore();
      await untilProbeAnswers(redis);
      await expect.poll(() => redis!.available(), { timeout: 5_000 }).toBe(true);

      proxy.stall();
      // The connections stay open, nothing comes back: the PING's own deadline decides.
      const stallAt = Date.now();
      await expect(redis.probe()).rejects.toThrow(/did not answer/);
      expect(Date.now() - stallAt).toBeLessThan(5_000);
      expect(redis.available()).toBe(false);
      proxy.restore();
      await untilProbeAnswers(redis);

      const outages = messages().filter((message) => message.startsWith('Redis unreachable'));
      const returns = messages().filter((message) => message.startsWith('Redis reachable again'));
      expect(outages).toHaveLength(2);
      expect(returns).toHaveLength(2);
    },
  );

  it(
    'answers again within 10 s of Redis losing bytes for 3 s, with no reply matched to the wrong command',
    { timeout: 60_000 },
    async () => {
      proxy = await startFaultProxy(TEST_REDIS);
      const { log, messages } = capturedLogger();
      redis = await connectRedis(proxy.url(`redis://${TEST_REDIS.host}:${TEST_REDIS.port}`), log);
      const echo = luaScript('return ARGV[1]');
      await expect(redis.probe()).resolves.toBeUndefined();
      await expect(redis.script(echo, [], ['before'])).resolves.toBe('before');

      proxy.lose();
      const lostAt = Date.now();
      // A PING sent into the loss never gets its reply.
      await expect(redis.probe()).rejects.toThrow(/did not answer/);
      expect(redis.available()).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3_000 - (Date.now() - lostAt))));
      proxy.restore();
      const backAt = Date.now();
      await untilProbeAnswers(redis, 10_000);
      expect(Date.now() - backAt).toBeLessThan(10_000);
      await expect.poll(() => redis!.available(), { timeout: 5_000 }).toBe(true);
      // Every later answer is the command's own: probes pass in a row, and each script gets its own result.
      for (let i = 0; i < 5; i += 1) await expect(redis.probe()).resolves.toBeUndefined();
      for (const word of ['one', 'two', 'three']) {
        await expect(redis.script(echo, [], [word])).resolves.toBe(word);
      }
      expect(messages().filter((message) => message.startsWith('Redis unreachable'))).toHaveLength(1);
      expect(messages().filter((message) => message.startsWith('Redis reachable again'))).toHaveLength(1);
    },
  );

  it(
    "leaves no reply of a limit's script lost in a loss to be taken by a later command",
    { timeout: 60_000 },
    async () => {
      proxy = await startFaultProxy(TEST_REDIS);
      const { log } = capturedLogger();
      redis = await connectRedis(proxy.url(`redis://${TEST_REDIS.host}:${TEST_REDIS.port}`), log);
      const echo = luaScript('return ARGV[1]');
      await expect(redis.script(echo, [], ['before'])).resolves.toBe('before');
      proxy.lose();
      await expect(redis.script(echo, [], ['lost'])).rejects.toThrow();
      proxy.restore();
      await untilProbeAnswers(redis, 10_000);
      await expect.poll(() => redis!.available(), { timeout: 5_000 }).toBe(true);
      for (const word of ['one', 'two', 'three']) {
        await expect(redis.script(echo, [], [word])).resolves.toBe(word);
      }
    },
  );

  it(
    'refuses a publish at once while Redis is away, and the adapter clients leave no rejection unhandled',
    {
      timeout: 30_000,
    },
    async () => {
      proxy = await startFaultProxy(TEST_REDIS);
      const { log } = capturedLogger();
      redis = await connectRedis(proxy.url(`redis://${TEST_REDIS.host}:${TEST_REDIS.port}`), log);
      const unhandled: unknown[] = [];
      const note = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', note);
      try {
        proxy.cut();
        await expect(redis.probe()).rejects.toThrow();
        const { pub } = redis.adapterClients();
        const startedAt = Date.now();
        // As the adapter does: fire and forget.
        const published = pub.publish('storefront-test-channel', 'hello');
        await expect(published).rejects.toThrow();
        // Not queued for later: a queued publish would not settle until Redis came back.
        expect(Date.now() - startedAt).toBeLessThan(2_000);
        void pub.publish('storefront-test-channel', 'nobody waits for this one');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', note);
      }
    },
  );
});
