/**
 * The chat's limits count per user, not per socket (issue 16): sends (20 per 10 s) over all of a user's
 * sockets, at most 10 open sockets per user, at most 30 image uploads per 10 minutes; with REDIS_URL across app processes (two app instances over
 * one database and one Redis, each through its own fault proxy), and per process while Redis is cut.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageAck } from '../../../shared/schemas/chat.js';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { type FaultProxy, startFaultProxy } from '../../test/fault-proxy.js';
import { addProduct } from '../../test/fixtures.js';
import { buyerHeaders, createTestApp, listen, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { TOO_FAST } from './handlers/kit.js';
import { TOO_MANY_CONNECTIONS } from './socket.js';
import { type ChatClient, connect } from './socket-test-kit.js';
import { TEST_REDIS, testRedisAnswers } from '../../test/redis.js';

const withRedis = await testRedisAnswers();
const setups = TEST_DIALECTS.flatMap((dialect) => [
  { dialect, redis: false, name: `${dialect}, one process without Redis` },
  ...(withRedis ? [{ dialect, redis: true, name: `${dialect}, two processes over Redis` }] : []),
]);

describe.each(setups)('per-user chat limits ($name)', ({ dialect, redis }) => {
  const run = crypto.randomBytes(4).toString('hex');
  const SELLER = `seller-${run}`;
  let t: TestApp;
  let other: FastifyInstance | undefined;
  let otherHandle: DatabaseHandle | undefined;
  const proxies: FaultProxy[] = [];
  /** Where the sockets go: both processes in turn (the one process alone without Redis). */
  const urls: string[] = [];
  const open: ChatClient[] = [];

  beforeAll(async () => {
    const env: Record<string, string> = { SELLER_USER_ID: SELLER };
    if (redis) {
      proxies.push(await startFaultProxy(TEST_REDIS), await startFaultProxy(TEST_REDIS));
      // A database number of its own: these keys stay apart from other test files' on the same Redis.
      env.REDIS_URL = proxies[0]!.url(`redis://${TEST_REDIS.host}:${TEST_REDIS.port}/12`);
    }
    t = await createTestApp(dialect, env);
    await addProduct(t.handle.db, 'ayz', 401, { title: 'Open-box monitor' });
    urls.push(await listen(t.app));
    if (redis) {
      otherHandle = openDatabase(
        dialect === 'postgres'
          ? { databaseUrl: process.env.TEST_DATABASE_URL, sqliteFile: '', pgSchema: t.schema! }
          : { sqliteFile: path.join(t.dataDir, 'shop.db') },
      );
      const config = {
        ...t.config,
        REDIS_URL: proxies[1]!.url(`redis://${TEST_REDIS.host}:${TEST_REDIS.port}/12`),
      };
      other = await buildApp(
        { ...t.app.deps, config, db: otherHandle.db },
        { serveClient: false, orderSweepMs: 0 },
      );
      urls.push(await listen(other));
    }
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await other?.close();
    await otherHandle?.close();
    await t?.close();
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });

  /** A signed-in buyer of this run with a chat about the product: its token and chat id. */
  async function buyerWithChat(label: string): Promise<{ sub: string; token: string; chatId: number }> {
    const sub = `${label}-${run}`;
    const headers = await buyerHeaders(t, { sub });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers,
      payload: { productId: 401, title: 't', buyer_name: 'n', store: 'ayz', buyerGoogleId: sub },
    });
    expect(started.statusCode).toBe(200);
    return { sub, token: headers.authorization.slice('Bearer '.length), chatId: started.json().id as number };
  }

  async function socketOf(token: string, index: number): Promise<ChatClient> {
    const socket = await connect(urls[index % urls.length]!, { token });
    open.push(socket);
    return socket;
  }

  function send(socket: ChatClient, chatId: number, sub: string, content: string): Promise<SendMessageAck> {
    return new Promise((resolve) =>
      socket.emit('sendMessage', { chatId, senderGoogleId: sub, content, images: [] }, resolve),
    );
  }

  async function burst(sockets: ChatClient[], chatId: number, sub: string, count: number) {
    const acks = await Promise.all(
      Array.from({ length: count }, (_, i) => send(sockets[i % sockets.length]!, chatId, sub, `burst ${i}`)),
    );
    const stored = await t.handle.db
      .selectFrom('chat_messages')
      .select('id')
      .where('chat_id', '=', chatId)
      .execute();
    return { acks, stored: stored.length };
  }

  it('stores 20 of 30 messages one user sends at once from 3 sockets, and refuses the rest as too fast', async () => {
    const { sub, token, chatId } = await buyerWithChat('sender');
    const sockets = await Promise.all([0, 1, 2].map((i) => socketOf(token, i)));
    const { acks, stored } = await burst(sockets, chatId, sub, 30);
    expect(acks.filter((ack) => ack.ok)).toHaveLength(20);
    expect(acks.filter((ack) => !ack.ok)).toEqual(Array(10).fill({ ok: false, error: TOO_FAST }));
    expect(stored).toBe(20);
  });

  it('refuses an 11th open socket of one user with a sentence, and takes one again when a socket closes', async () => {
    const { token } = await buyerWithChat('tabs');
    const sockets = [];
    for (let i = 0; i < 10; i += 1) sockets.push(await socketOf(token, i));
    await expect(socketOf(token, 10)).rejects.toThrow(TOO_MANY_CONNECTIONS);
    await expect(socketOf(token, 11)).rejects.toThrow(TOO_MANY_CONNECTIONS);
    // Another user is not affected.
    await socketOf((await buyerWithChat('neighbour')).token, 0);

    sockets[0]!.close();
    // The server learns of the close a moment later: a bounded wait for its place to come free.
    let admitted: ChatClient | undefined;
    for (let attempt = 0; attempt < 50 && !admitted; attempt += 1) {
      admitted = await socketOf(token, 0).catch(async (error: Error) => {
        expect(error.message).toBe(TOO_MANY_CONNECTIONS);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return undefined;
      });
    }
    expect(admitted?.connected).toBe(true);
  });

  it('answers the 31st image upload of a user within 10 minutes with 429 and Retry-After', async () => {
    const { token, chatId } = await buyerWithChat('uploader');
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#246' } })
      .png()
      .toBuffer();
    const upload = (index: number) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(image)]), 'photo.png');
      return fetch(`${urls[index % urls.length]}/api/chats/${chatId}/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };
    const statuses = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await upload(i)).status);
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await upload(30);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: string; retryAfter: number };
    expect(body).toEqual({
      error: expect.stringMatching(
        /^You have uploaded too many images \(at most 30 in 10 minutes\)\. Please try again in \d+:\d\d\.$/,
      ),
      retryAfter: expect.any(Number),
    });
    expect(body.retryAfter).toBeGreaterThan(500);
    expect(body.retryAfter).toBeLessThanOrEqual(600);
    expect(refused.headers.get('retry-after')).toBe(String(body.retryAfter));
    // Nothing of the refused upload was kept.
    const recorded = await t.handle.db
      .selectFrom('chat_images')
      .select('name')
      .where('chat_id', '=', chatId)
      .execute();
    expect(recorded).toHaveLength(30);
  });

  it.runIf(redis)(
    'counts per process while Redis is cut: neither refusing everything nor letting everything through',
    async () => {
      const { sub, token, chatId } = await buyerWithChat('cut');
      proxies[0]!.cut();
      // Both sockets on the process whose Redis is gone.
      const sockets = [await socketOf(token, 0), await socketOf(token, 2)];
      const { acks, stored } = await burst(sockets, chatId, sub, 25);
      expect(acks.filter((ack) => ack.ok)).toHaveLength(20);
      expect(stored).toBe(20);
      const tabs = [];
      for (let i = 0; i < 8; i += 1) tabs.push(await socketOf(token, 0));
      await expect(socketOf(token, 0)).rejects.toThrow(TOO_MANY_CONNECTIONS);
      proxies[0]!.restore();
    },
  );
});
