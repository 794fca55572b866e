/**
 * Two app instances over one PostgreSQL schema and one Redis, as two processes behind a load balancer
 * would be: a buyer on one and the seller on the other still chat (docs/architecture.md §1). Skipped without
 * TEST_DATABASE_URL or a Redis at 127.0.0.1:6379 (CI has both).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageAck } from '../../../shared/schemas/chat.js';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { addProduct } from '../../test/fixtures.js';
import { buyerHeaders, createTestApp, listen, type TestApp } from '../../test/harness.js';
import type { ChatEmailNotices } from './email-notices.js';
import { type ChatClient, connect, next } from './socket-test-kit.js';
import { TEST_REDIS_URL, testRedisAnswers } from '../../test/redis.js';

const canRun = Boolean(process.env.TEST_DATABASE_URL) && (await testRedisAnswers());

describe.skipIf(!canRun)('chat across two app processes through Redis', () => {
  // Ids of this run only: another run on the same Redis shares its channels.
  const run = crypto.randomBytes(4).toString('hex');
  const SELLER = `seller-${run}`;
  const BUYER = `buyer-${run}`;
  let a: TestApp;
  let b: FastifyInstance;
  let bHandle: DatabaseHandle;
  let urlA: string;
  let urlB: string;
  let noticesA: ChatEmailNotices;
  const open: ChatClient[] = [];

  beforeAll(async () => {
    a = await createTestApp(
      'postgres',
      { SELLER_USER_ID: SELLER, REDIS_URL: TEST_REDIS_URL },
      { onChatEmailNotices: (job) => (noticesA = job) },
    );
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(a.handle.db);
    bHandle = openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      sqliteFile: '',
      pgSchema: rows[0]!.schema,
    });
    b = await buildApp(
      { ...a.app.deps, db: bHandle.db },
      { serveClient: false, orderSweepMs: 0, chatEmailNoticeMs: 0 },
    );
    await addProduct(a.handle.db, 'ayz', 301, { title: 'Open-box camera' });
    urlA = await listen(a.app);
    urlB = await listen(b);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await b?.close();
    await bHandle?.close();
    await a?.close();
  });

  it('carries messages, typing and list updates between a buyer on one and the seller on the other', async () => {
    const buyerAuth = await buyerHeaders(a, { sub: BUYER, name: 'Bea' });
    const sellerAuth = await buyerHeaders(a, { sub: SELLER });
    const started = await b.inject({
      method: 'POST',
      url: '/api/chats',
      headers: buyerAuth,
      payload: { productId: 301, title: 't', buyer_name: 'Body name', store: 'ayz', buyerGoogleId: BUYER },
    });
    expect(started.statusCode).toBe(200);
    const chatId = started.json().id as number;

    const buyer = await connect(urlA, { token: buyerAuth.authorization.slice(7) });
    const seller = await connect(urlB, { token: sellerAuth.authorization.slice(7) });
    open.push(buyer, seller);
    for (const socket of [buyer, seller]) {
      const joined = next(socket, 'chatHistory');
      socket.emit('joinChat', { chatId });
      await joined;
    }

    const sellerGets = next(seller, 'newMessage');
    const sellerList = next(seller, 'chatUpdated', (chat) => chat.id === chatId && chat.unread_count === 1);
    const ack = await new Promise<SendMessageAck>((resolve) =>
      buyer.emit(
        'sendMessage',
        { chatId, senderGoogleId: BUYER, content: 'Across processes', images: [] },
        resolve,
      ),
    );
    expect(ack.ok).toBe(true);
    expect(await sellerGets).toMatchObject({
      chat_id: chatId,
      content: 'Across processes',
      sender_google_id: BUYER,
    });
    expect(await sellerList).toMatchObject({
      last_message: 'Across processes',
      buyer_name: 'Bea',
    });

    const buyerSeesTyping = next(buyer, 'typing');
    seller.emit('typing', { chatId, userId: SELLER });
    expect(await buyerSeesTyping).toEqual({ chatId, userId: SELLER });

    const buyerGets = next(buyer, 'newMessage');
    const buyerList = next(buyer, 'chatUpdated', (chat) => chat.last_message === 'Yes, it is');
    seller.emit('sendMessage', { chatId, senderGoogleId: SELLER, content: 'Yes, it is', images: [] });
    expect(await buyerGets).toMatchObject({ content: 'Yes, it is', sender_google_id: SELLER });
    expect(await buyerList).toMatchObject({ id: chatId, unread_count: 1 });
  });

  it('closes the sockets of a signed-out session on the other process too, and refuses its token there (issue 33)', async () => {
    const leaver = `${BUYER}-leaver`;
    const auth = await buyerHeaders(a, { sub: leaver });
    const token = auth.authorization.slice(7);
    const onB = await connect(urlB, { token });
    open.push(onB);
    const closed = new Promise<string>((resolve) => onB.once('disconnect', resolve));
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect(out.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await expect(connect(urlB, { token })).rejects.toThrow('unauthorized');
    expect((await b.inject({ url: `/api/cart/${leaver}`, headers: auth })).statusCode).toBe(401);
  });

  it('e-mails no buyer whose socket is open on the other process, and does once it closes', async () => {
    const buyerId = `${BUYER}-mail`;
    const buyerAuth = await buyerHeaders(a, { sub: buyerId });
    const sellerAuth = await buyerHeaders(a, { sub: SELLER });
    const started = await a.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: buyerAuth,
      payload: { productId: 301, title: 't', buyer_name: 'n', store: 'ayz', buyerGoogleId: buyerId },
    });
    const chatId = started.json().id as number;
    const buyerOnB = await connect(urlB, { token: buyerAuth.authorization.slice(7) });
    const seller = await connect(urlA, { token: sellerAuth.authorization.slice(7) });
    open.push(buyerOnB, seller);
    const ack = await new Promise<SendMessageAck>((resolve) =>
      seller.emit(
        'sendMessage',
        { chatId, senderGoogleId: SELLER, content: 'Still there?', images: [] },
        resolve,
      ),
    );
    expect(ack.ok).toBe(true);
    const due = () => noticesA.run(new Date(Date.now() + 121_000));
    const mails = () =>
      a.handle.db
        .selectFrom('mail_outbox')
        .select('recipient')
        .where('dedupe_key', 'like', `chat_message:${chatId}:%`)
        .execute();

    // Process A has none of the buyer's sockets; the one on B counts all the same. (The first test's
    // buyer, gone with an unread message, may be e-mailed by these runs: only this chat is looked at.)
    await due();
    expect(await mails()).toEqual([]);

    buyerOnB.close();
    for (let attempt = 0; attempt < 50 && (await mails()).length === 0; attempt += 1) {
      await due();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await mails()).toEqual([{ recipient: `${buyerId}@example.com` }]);
  });
});
