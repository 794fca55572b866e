import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_IMAGE_PATH,
  CHAT_MESSAGE_MAX_LENGTH,
  type SendMessageAck,
} from '../../../shared/schemas/chat.js';
import { buildApp } from '../../app.js';
import { addProduct } from '../../test/fixtures.js';
import { buyerHeaders, createTestApp, listen, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { BUYER_SESSION_DAYS, signSessionToken } from '../buyers/session-token.js';
import { createRateLimiter } from '../../limits/rate-limit.js';
import {
  CHAT_NOT_YOURS,
  createChatService,
  IMAGE_NOT_UPLOADED,
  NEW_CHATS_PER_HOUR,
  NO_SELLER,
  NOT_OPEN_BOX,
  TOO_MANY_CHATS,
  UNSENT_IMAGE_MAX_AGE_MS,
} from './service.js';
import { NOT_YOUR_ACCOUNT, SESSION_EXPIRED, TOO_FAST } from './handlers/kit.js';
import { type ChatClient, collect, collectUntil, connect, next } from './socket-test-kit.js';

const SELLER = 'seller-1';
const BUYER = 'buyer-a';
const OTHER = 'buyer-b';

const png = () =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();

function imageForm(data: Buffer, name = 'photo.png', field = 'image') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), name);
  return form;
}

describe.each(TEST_DIALECTS)('chat on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  const headers: Record<string, { authorization: string }> = {};
  const token = (sub: string) => headers[sub]!.authorization.slice('Bearer '.length);
  const open: ChatClient[] = [];

  async function client(sub: string): Promise<ChatClient> {
    const socket = await connect(url, { token: token(sub) });
    open.push(socket);
    return socket;
  }

  async function startChat(sub: string, productId = 101, store = 'ayz') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: headers[sub],
      payload: { productId, title: 'Ignored title', buyer_name: `Name ${sub}`, store, buyerGoogleId: sub },
    });
    return { status: response.statusCode, body: response.json() };
  }

  function send(
    socket: ChatClient,
    payload: {
      chatId: number;
      senderGoogleId: string;
      content: string;
      images?: string[];
      clientMessageId?: string;
    },
  ): Promise<SendMessageAck> {
    return new Promise((resolve) => socket.emit('sendMessage', { images: [], ...payload }, resolve));
  }

  async function upload(chatId: number, sub: string | undefined, form: FormData) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/upload`,
      ...(sub ? { headers: headers[sub] } : {}),
      payload: form,
    });
    return { status: response.statusCode, body: response.json() };
  }

  const storedMessages = (chatId: number) =>
    t.handle.db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { SELLER_USER_ID: SELLER });
    await addProduct(t.handle.db, 'ayz', 101, { title: 'Open-box laptop' });
    await addProduct(t.handle.db, 'ayz', 102, { title: 'Open-box phone' });
    // A shop without cart or condition grades: its products are not sold here, so no chat.
    await addProduct(t.handle.db, 'pc', 101, { title: 'Linked-out PC' });
    for (let id = 300; id < 300 + NEW_CHATS_PER_HOUR + 2; id += 1) await addProduct(t.handle.db, 'ayz', id);
    for (const sub of [SELLER, BUYER, OTHER]) headers[sub] = await buyerHeaders(t, { sub });
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  describe('POST /api/chats', () => {
    it('opens one chat per buyer and product, titled from the catalogue', async () => {
      const first = await startChat(BUYER);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ id: expect.any(Number) });
      expect((await startChat(BUYER)).body).toEqual(first.body);
      const other = await startChat(BUYER, 102);
      expect(other.body.id).not.toBe(first.body.id);
      const row = await t.handle.db
        .selectFrom('chats')
        .selectAll()
        .where('id', '=', first.body.id)
        .executeTakeFirstOrThrow();
      // The name comes from the session token ('Buyer buyer-a'), not the body's buyer_name.
      expect(row).toMatchObject({
        title: 'Open-box laptop',
        buyer_google_id: BUYER,
        shop: 'ayz',
        buyer_name: `Buyer ${BUYER}`,
      });
    });

    it('refuses products of shops that are not sold here (no cart, no conditions)', async () => {
      expect(await startChat(BUYER, 101, 'pc')).toEqual({ status: 400, body: { error: NOT_OPEN_BOX } });
      const rows = await t.handle.db.selectFrom('chats').select('id').where('shop', '=', 'pc').execute();
      expect(rows).toEqual([]);
    });

    it('limits how many new chats one buyer starts per hour, counted in the database', async () => {
      const sub = 'buyer-rate';
      headers[sub] = await buyerHeaders(t, { sub });
      const hourAgo = new Date(Date.now() - 3_700_000).toISOString();
      const recent = new Date(Date.now() - 60_000).toISOString();
      // One chat from before the hour (not counted), then all but one of the hour's allowance.
      const rows = Array.from({ length: NEW_CHATS_PER_HOUR }, (_, i) => ({
        shop: 'ayz',
        product_id: 300 + i,
        title: 't',
        buyer_google_id: sub,
        buyer_name: 'n',
        created_at: i === 0 ? hourAgo : recent,
        last_activity: i === 0 ? hourAgo : recent,
      }));
      await t.handle.db.insertInto('chats').values(rows).execute();
      expect((await startChat(sub, 300 + NEW_CHATS_PER_HOUR)).status).toBe(200);
      expect(await startChat(sub, 301 + NEW_CHATS_PER_HOUR)).toEqual({
        status: 429,
        body: { error: TOO_MANY_CHATS },
      });
      // Reopening a chat the buyer already has is not a new chat.
      expect((await startChat(sub, 301)).status).toBe(200);
      const stored = await t.handle.db
        .selectFrom('chats')
        .select('id')
        .where('buyer_google_id', '=', sub)
        .execute();
      expect(stored).toHaveLength(NEW_CHATS_PER_HOUR + 1);
      // Another buyer is not limited by this one.
      expect((await startChat(OTHER, 301 + NEW_CHATS_PER_HOUR)).status).toBe(200);
    });

    it('refuses anonymous callers, other accounts, missing products and the seller himself', async () => {
      const payload = { productId: 101, title: 't', buyer_name: 'n', store: 'ayz', buyerGoogleId: BUYER };
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/chats', payload });
      expect(anonymous.statusCode).toBe(401);
      const notMine = await t.app.inject({
        method: 'POST',
        url: '/api/chats',
        headers: headers[OTHER],
        payload,
      });
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json()).toEqual({ error: NOT_YOUR_ACCOUNT });
      expect(await startChat(BUYER, 999)).toEqual({
        status: 404,
        body: { error: expect.stringMatching(/no product 999/) },
      });
      expect((await startChat(SELLER)).status).toBe(400);
      const count = await t.handle.db
        .selectFrom('chats')
        .select('id')
        .where('product_id', '=', 999)
        .execute();
      expect(count).toEqual([]);
    });

    it('answers 503 while SELLER_USER_ID is unset', async () => {
      const app = await buildApp(
        { ...t.app.deps, config: { ...t.config, SELLER_USER_ID: undefined } },
        { serveClient: false, orderSweepMs: 0 },
      );
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/api/chats',
          headers: headers[BUYER],
          payload: { productId: 101, title: 't', buyer_name: 'n', store: 'ayz', buyerGoogleId: BUYER },
        });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ error: NO_SELLER });
      } finally {
        await app.close();
      }
    });
  });

  describe('socket handshake', () => {
    it('refuses a connection without a token or with a forged one', async () => {
      await expect(connect(url, undefined)).rejects.toThrow('unauthorized');
      await expect(connect(url, { token: 42 })).rejects.toThrow('unauthorized');
      const forged = await signSessionToken('another-secret', {
        sub: BUYER,
        name: 'x',
        email: 'x@example.com',
        picture: '',
      });
      await expect(connect(url, { token: forged })).rejects.toThrow('unauthorized');
      await expect(connect(url, { token: 'not.a.jwt' })).rejects.toThrow('unauthorized');
    });

    it('closes a socket once its token has expired, and refuses its events', async () => {
      // A token signed so that it runs out about a second from now.
      const signedAt = new Date(Date.now() - BUYER_SESSION_DAYS * 86_400_000 + 1500);
      const secret = t.app.deps.secrets.sessionSecret;
      const token = await signSessionToken(
        secret,
        { sub: BUYER, name: 'x', email: 'x@example.com', picture: '' },
        signedAt,
      );
      const socket = await connect(url, { token });
      open.push(socket);
      const expired = next(socket, 'chatError', () => true, 4000);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      expect(await expired).toEqual({ error: SESSION_EXPIRED });
      expect(await closed).toBe('io server disconnect');
    });
  });

  describe('access', () => {
    it('refuses every chat event from a user who is not in the chat, without saying whether it exists', async () => {
      const { id } = (await startChat(BUYER)).body as { id: number };
      const intruder = await client(OTHER);
      for (const chatId of [id, 987_654]) {
        for (const event of ['joinChat', 'markAsRead', 'leaveChat'] as const) {
          const refused = next(intruder, 'chatError');
          intruder.emit(event, { chatId });
          // The id echoed is the one sent: the browser shows the refusal in that conversation only.
          expect(await refused, `${event} ${chatId}`).toEqual({ error: CHAT_NOT_YOURS, chatId });
        }
        for (const event of ['typing', 'stopTyping'] as const) {
          const refused = next(intruder, 'chatError');
          intruder.emit(event, { chatId, userId: OTHER });
          expect(await refused, `${event} ${chatId}`).toEqual({ error: CHAT_NOT_YOURS, chatId });
        }
        expect(await send(intruder, { chatId, senderGoogleId: OTHER, content: 'hi' })).toEqual({
          ok: false,
          error: CHAT_NOT_YOURS,
        });
      }
      expect(await storedMessages(id)).toEqual([]);
      // Nothing reaches the intruder afterwards either.
      const buyer = await client(BUYER);
      buyer.emit('joinChat', { chatId: id });
      await next(buyer, 'chatHistory');
      const leaked = collect(intruder, 'newMessage');
      expect((await send(buyer, { chatId: id, senderGoogleId: BUYER, content: 'private' })).ok).toBe(true);
      expect(await leaked).toEqual([]);
    });

    it("refuses a payload that names another user's id", async () => {
      const buyer = await client(BUYER);
      const { id } = (await startChat(BUYER)).body as { id: number };
      const before = await storedMessages(id);
      const cases: [() => void, string][] = [
        [() => buyer.emit('registerUser', { userId: OTHER }), 'registerUser'],
        [() => buyer.emit('getChats', { participantId: SELLER }), 'getChats'],
        [() => buyer.emit('typing', { chatId: id, userId: SELLER }), 'typing'],
        [() => buyer.emit('stopTyping', { chatId: id, userId: SELLER }), 'stopTyping'],
      ];
      for (const [emit, name] of cases) {
        const refused = next(buyer, 'chatError');
        emit();
        expect((await refused).error, name).toBe(NOT_YOUR_ACCOUNT);
      }
      expect(await send(buyer, { chatId: id, senderGoogleId: SELLER, content: 'as the seller' })).toEqual({
        ok: false,
        error: NOT_YOUR_ACCOUNT,
      });
      expect(await storedMessages(id)).toEqual(before);
    });

    it('lets the buyer and the seller join; the seller sees every chat, a buyer only their own', async () => {
      const mine = (await startChat(BUYER)).body.id as number;
      const theirs = (await startChat(OTHER)).body.id as number;
      const seller = await client(SELLER);
      const buyer = await client(BUYER);
      const other = await client(OTHER);
      expect((await send(buyer, { chatId: mine, senderGoogleId: BUYER, content: 'a' })).ok).toBe(true);
      expect((await send(other, { chatId: theirs, senderGoogleId: OTHER, content: 'b' })).ok).toBe(true);
      for (const chatId of [mine, theirs]) {
        const history = next(seller, 'chatHistory');
        seller.emit('joinChat', { chatId });
        expect((await history).chatId).toBe(chatId);
      }
      const sellerList = next(seller, 'chatsList');
      seller.emit('getChats', { participantId: SELLER });
      expect((await sellerList).map((chat) => chat.id)).toEqual(expect.arrayContaining([mine, theirs]));

      // registerUser only registers: the list is getChats' answer, sent once.
      const lists = collect(other, 'chatsList', 500);
      other.emit('registerUser', { userId: OTHER });
      const otherList = next(other, 'chatsList');
      other.emit('getChats', { participantId: OTHER });
      expect(await lists).toHaveLength(1);
      const ids = (await otherList).map((chat) => chat.id);
      expect(ids).toContain(theirs);
      expect(ids).not.toContain(mine);
      expect((await otherList).every((chat) => chat.buyer_google_id === OTHER)).toBe(true);
    });
  });

  describe('messages', () => {
    it('stores a message before the other party receives it, and acknowledges the stored message', async () => {
      const { id } = (await startChat(BUYER, 102)).body as { id: number };
      const buyer = await client(BUYER);
      const seller = await client(SELLER);
      seller.emit('joinChat', { chatId: id });
      await next(seller, 'chatHistory');
      const storedWhenReceived = new Promise<unknown[]>((resolve) => {
        seller.once('newMessage', (message) => {
          // Read right away, as a client reloading on receipt would.
          void storedMessages(message.chat_id).then((rows) =>
            resolve(rows.filter((row) => row.id === message.id)),
          );
        });
      });
      // One row per participant (chatUpdated), never the whole list on every message.
      const sellerUpdate = next(
        seller,
        'chatUpdated',
        (chat) => chat.id === id && chat.last_message === 'Is it still available?',
      );
      const buyerUpdate = next(buyer, 'chatUpdated', (chat) => chat.id === id);
      const lists = [collect(seller, 'chatsList', 500), collect(buyer, 'chatsList', 500)];
      const ack = await send(buyer, { chatId: id, senderGoogleId: BUYER, content: 'Is it still available?' });
      expect(ack).toEqual({
        ok: true,
        message: {
          id: expect.any(Number),
          chat_id: id,
          sender_google_id: BUYER,
          content: 'Is it still available?',
          images: [],
          timestamp: expect.any(String),
        },
      });
      expect(await storedWhenReceived).toHaveLength(1);
      // The seller's list moves too, with the message unread for the seller.
      expect(await sellerUpdate).toMatchObject({
        unread_count: 1,
        has_unread_messages: true,
        buyer_google_id: BUYER,
      });
      expect(await buyerUpdate).toMatchObject({ unread_count: 0, last_message: 'Is it still available?' });
      expect(await Promise.all(lists)).toEqual([[], []]);
    });

    it('answers a resend (same clientMessageId) with the stored message, once, even when both arrive at once', async () => {
      const { id } = (await startChat(OTHER, 101)).body as { id: number };
      const buyer = await client(OTHER);
      const seller = await client(SELLER);
      const payload = {
        chatId: id,
        senderGoogleId: OTHER,
        content: 'once',
        clientMessageId: 'msg-0001-abcd',
      };
      const before = (await storedMessages(id)).length;
      const toldFirst = next(seller, 'newMessage');
      const first = await send(buyer, payload);
      await toldFirst;
      const told = collect(seller, 'newMessage', 400);
      const again = await send(buyer, payload);
      expect(again).toEqual(first);
      expect(await told).toEqual([]);
      const twins = await Promise.all([
        send(buyer, { ...payload, clientMessageId: 'msg-0002-abcd' }),
        send(buyer, { ...payload, clientMessageId: 'msg-0002-abcd' }),
      ]);
      expect(twins[0]).toEqual(twins[1]);
      expect(twins[0]).toMatchObject({ ok: true });
      expect(await storedMessages(id)).toHaveLength(before + 2);
      // The id is the sender's own: the seller may use the same one for a message of his.
      const sellers = await send(seller, { ...payload, senderGoogleId: SELLER });
      expect(sellers.ok && first.ok && sellers.message.id !== first.message.id).toBe(true);
      expect(await send(buyer, { ...payload, clientMessageId: 'a b' })).toMatchObject({ ok: false });
    });

    it('answers a resend over a new connection (the answer lost with the first) with the stored message, told once', async () => {
      // What the browser does after a drop (client/chat/connection/chatClient.ts): the same id again, on
      // the connection that replaced the one the answer was lost with.
      const { id } = (await startChat(OTHER, 101)).body as { id: number };
      const seller = await client(SELLER);
      const payload = {
        chatId: id,
        senderGoogleId: OTHER,
        content: 'sent as the line dropped',
        clientMessageId: 'msg-drop-0001',
      };
      const before = (await storedMessages(id)).length;
      const heard = collectUntil(seller, 'newMessage', (message) => message.content === 'after the drop');
      const told = next(seller, 'newMessage', (message) => message.content === payload.content);
      const lost = await client(OTHER);
      // Stored (the seller is told), then the connection goes: for the browser, the answer was lost.
      lost.emit('sendMessage', { images: [], ...payload }, () => {});
      const stored = await told;
      lost.close();
      const again = await send(await client(OTHER), payload);
      expect(again).toEqual({ ok: true, message: stored });
      // Two resends at once, each on a connection of its own (two tabs after the same drop): one message.
      const [one, two] = [await client(OTHER), await client(OTHER)];
      const resend = { ...payload, content: 'resent from two tabs', clientMessageId: 'msg-drop-0002' };
      const twins = await Promise.all([send(one, resend), send(two, resend)]);
      expect(twins[0]).toMatchObject({ ok: true });
      expect(twins[1]).toEqual(twins[0]);
      expect(await storedMessages(id)).toHaveLength(before + 2);
      // The seller heard of each once (a copy told of a resend would have come before the next message).
      await send(one, { chatId: id, senderGoogleId: OTHER, content: 'after the drop' });
      expect((await heard).map((message) => message.content)).toEqual([
        payload.content,
        resend.content,
        'after the drop',
      ]);
    });

    it('reloads the whole history after a reconnect, oldest first', async () => {
      const { id } = (await startChat(OTHER, 102)).body as { id: number };
      const first = await client(OTHER);
      for (const content of ['one', 'two', 'three']) {
        expect((await send(first, { chatId: id, senderGoogleId: OTHER, content })).ok).toBe(true);
      }
      first.close();
      const seller = await client(SELLER);
      expect((await send(seller, { chatId: id, senderGoogleId: SELLER, content: 'four' })).ok).toBe(true);
      const again = await client(OTHER);
      const history = next(again, 'chatHistory');
      again.emit('joinChat', { chatId: id });
      const { chatId, messages } = await history;
      expect(chatId).toBe(id);
      expect(messages.map((message) => message.content)).toEqual(['one', 'two', 'three', 'four']);
      expect(messages.map((message) => message.sender_google_id)).toEqual([OTHER, OTHER, OTHER, SELLER]);
    });

    it('refuses blank, too long, too many images, foreign images and stores nothing', async () => {
      const { id } = (await startChat(BUYER)).body as { id: number };
      const otherChat = (await startChat(OTHER)).body.id as number;
      const foreign = (await upload(otherChat, OTHER, imageForm(await png()))).body.filePath as string;
      const own = (await upload(id, BUYER, imageForm(await png()))).body.filePath as string;
      const buyer = await client(BUYER);
      const before = (await storedMessages(id)).length;
      const refusals: [string, { content: string; images?: string[] }][] = [
        ['blank', { content: '  \n ' }],
        ['too long', { content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }],
        ['11 images', { content: 'x', images: Array.from({ length: 11 }, () => own) }],
        ['foreign image', { content: 'x', images: [foreign] }],
        ['missing image', { content: 'x', images: [`/api/chats/${id}/images/${'0'.repeat(32)}.webp`] }],
        ['outside path', { content: 'x', images: [`/api/chats/${id}/images/../../${otherChat}/x.webp`] }],
        ['NUL', { content: 'a\u0000b' }],
      ];
      for (const [name, payload] of refusals) {
        const ack = await send(buyer, { chatId: id, senderGoogleId: BUYER, ...payload });
        expect(ack.ok, name).toBe(false);
        expect(ack.ok === false && ack.error, name).toMatch(/\w.*\.$/);
      }
      // A payload that is not an object at all, and an ack-less broken event, are refused too.
      const refused = next(buyer, 'chatError');
      buyer.emit('joinChat', 'nonsense' as never);
      expect((await refused).error).toMatch(/must be an object|Invalid/);
      expect(await storedMessages(id)).toHaveLength(before);

      const exact = await send(buyer, {
        chatId: id,
        senderGoogleId: BUYER,
        content: 'y'.repeat(CHAT_MESSAGE_MAX_LENGTH),
      });
      expect(exact.ok).toBe(true);
      const withImage = await send(buyer, { chatId: id, senderGoogleId: BUYER, content: '', images: [own] });
      expect(withImage).toMatchObject({ ok: true, message: { content: '', images: [own] } });
    });

    it('stores and returns HTML as the plain text it is', async () => {
      const { id } = (await startChat(BUYER)).body as { id: number };
      const buyer = await client(BUYER);
      const text = '<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"';
      const ack = await send(buyer, { chatId: id, senderGoogleId: BUYER, content: text });
      expect(ack).toMatchObject({ ok: true, message: { content: text } });
      const rows = await storedMessages(id);
      expect(rows.at(-1)!.content).toBe(text);
      const history = next(buyer, 'chatHistory');
      buyer.emit('joinChat', { chatId: id });
      expect((await history).messages.at(-1)!.content).toBe(text);
    });

    it('limits how fast one user sends', async () => {
      // A user of its own: the limit counts every message of the user in the last 10 s, earlier tests' too.
      const sub = 'buyer-burst';
      headers[sub] = await buyerHeaders(t, { sub });
      const { id } = (await startChat(sub)).body as { id: number };
      const burst = await client(sub);
      const acks = await Promise.all(
        Array.from({ length: 21 }, (_, i) =>
          send(burst, { chatId: id, senderGoogleId: sub, content: `burst ${i}` }),
        ),
      );
      expect(acks.filter((ack) => ack.ok)).toHaveLength(20);
      expect(acks.filter((ack) => !ack.ok)).toEqual([{ ok: false, error: TOO_FAST }]);
    });
  });

  describe('list, unread and typing', () => {
    it('orders chats by newest activity, counts unread per viewer and clears them on read', async () => {
      const laptop = (await startChat(BUYER, 101)).body.id as number;
      const phone = (await startChat(BUYER, 102)).body.id as number;
      const seller = await client(SELLER);
      const buyer = await client(BUYER);
      const long = `${'a'.repeat(60)}`;
      expect((await send(seller, { chatId: phone, senderGoogleId: SELLER, content: 'phone news' })).ok).toBe(
        true,
      );
      expect((await send(seller, { chatId: laptop, senderGoogleId: SELLER, content: long })).ok).toBe(true);
      expect((await send(seller, { chatId: laptop, senderGoogleId: SELLER, content: long })).ok).toBe(true);

      const listed = next(buyer, 'chatsList');
      buyer.emit('getChats', { participantId: BUYER });
      const chats = await listed;
      expect(chats.map((chat) => chat.buyer_google_id).every((sub) => sub === BUYER)).toBe(true);
      const [newest, second] = chats;
      expect(newest).toMatchObject({
        id: laptop,
        last_message: `${'a'.repeat(47)}…`,
        seller_google_id: SELLER,
      });
      expect(newest!.unread_count).toBeGreaterThanOrEqual(2);
      expect(second).toMatchObject({ id: phone, has_unread_messages: true });
      const times = chats.map((chat) => chat.last_message_time ?? '');
      expect(times.filter(Boolean)).toEqual([...times.filter(Boolean)].sort().reverse());

      const afterRead = next(buyer, 'chatUpdated', (c) => c.id === laptop && c.unread_count === 0);
      buyer.emit('markAsRead', { chatId: laptop });
      expect(await afterRead).toMatchObject({ unread_count: 0, has_unread_messages: false });
      const reread = next(buyer, 'chatsList');
      buyer.emit('getChats', { participantId: BUYER });
      expect((await reread).find((chat) => chat.id === phone)!.unread_count).toBe(1);

      // The seller's own messages are never unread for the seller.
      const sellerList = next(seller, 'chatsList');
      seller.emit('getChats', { participantId: SELLER });
      expect((await sellerList).find((chat) => chat.id === phone)!.unread_count).toBe(0);

      // Joining reads too.
      const afterJoin = next(buyer, 'chatUpdated', (c) => c.id === phone && c.unread_count === 0);
      buyer.emit('joinChat', { chatId: phone });
      await afterJoin;
    });

    it("keeps a chat without messages out of the seller's list, in the buyer's own", async () => {
      const sub = 'buyer-quiet';
      headers[sub] = await buyerHeaders(t, { sub });
      const id = (await startChat(sub, 102)).body.id as number;
      const seller = await client(SELLER);
      const buyer = await client(sub);
      const sellerList = next(seller, 'chatsList');
      seller.emit('getChats', { participantId: SELLER });
      expect((await sellerList).map((chat) => chat.id)).not.toContain(id);
      const buyerList = next(buyer, 'chatsList');
      buyer.emit('getChats', { participantId: sub });
      expect((await buyerList).map((chat) => chat.id)).toEqual([id]);
      expect((await send(buyer, { chatId: id, senderGoogleId: sub, content: 'hello' })).ok).toBe(true);
      const later = next(seller, 'chatsList');
      seller.emit('getChats', { participantId: SELLER });
      expect((await later)[0]?.id).toBe(id);
    });

    it('sends typing and stopTyping only to the other party', async () => {
      const { id } = (await startChat(BUYER)).body as { id: number };
      const buyer = await client(BUYER);
      const buyerTab = await client(BUYER);
      const seller = await client(SELLER);
      for (const socket of [buyer, buyerTab, seller]) {
        const joined = next(socket, 'chatHistory');
        socket.emit('joinChat', { chatId: id });
        await joined;
      }
      const sellerSees = next(seller, 'typing');
      const ownTab = collect(buyerTab, 'typing');
      const self = collect(buyer, 'typing');
      buyer.emit('typing', { chatId: id, userId: BUYER });
      expect(await sellerSees).toEqual({ chatId: id, userId: BUYER });
      expect(await ownTab).toEqual([]);
      expect(await self).toEqual([]);
      const stopped = next(seller, 'stopTyping');
      buyer.emit('stopTyping', { chatId: id, userId: BUYER });
      expect(await stopped).toEqual({ chatId: id, userId: BUYER });

      const buyerSees = next(buyer, 'typing');
      seller.emit('typing', { chatId: id, userId: SELLER });
      expect(await buyerSees).toEqual({ chatId: id, userId: SELLER });
    });
  });

  describe('images', () => {
    it('stores a participant upload as .webp under an unguessable name and serves it only to participants', async () => {
      const { id } = (await startChat(BUYER)).body as { id: number };
      const uploaded = await upload(id, BUYER, imageForm(await png()));
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.filePath).toMatch(new RegExp(`^/api/chats/${id}/images/[0-9a-f]{32}\\.webp$`));
      // The browser fetches only paths of this one shared pattern.
      expect(uploaded.body.filePath).toMatch(CHAT_IMAGE_PATH);
      const name = path.basename(uploaded.body.filePath as string);
      expect(fs.existsSync(path.join(t.config.dataDir, 'chat-images', String(id), name))).toBe(true);

      for (const sub of [BUYER, SELLER]) {
        const served = await t.app.inject({ url: uploaded.body.filePath, headers: headers[sub] });
        expect(served.statusCode, sub).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(served.headers.vary).toMatch(/Authorization/i);
        expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      }
      const other = await t.app.inject({ url: uploaded.body.filePath, headers: headers[OTHER] });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: CHAT_NOT_YOURS });
      expect((await t.app.inject({ url: uploaded.body.filePath })).statusCode).toBe(401);
      const missing = await t.app.inject({
        url: `/api/chats/${id}/images/${'f'.repeat(32)}.webp`,
        headers: headers[BUYER],
      });
      expect(missing.statusCode).toBe(404);
    });

    it('refuses non-images, SVG, other buyers, anonymous callers and missing chats', async () => {
      const { id } = (await startChat(BUYER)).body as { id: number };
      const dir = path.join(t.config.dataDir, 'chat-images', String(id));
      const before = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      expect((await upload(id, BUYER, imageForm(Buffer.from('plain text'), 'a.png'))).status).toBe(400);
      expect((await upload(id, BUYER, imageForm(svg, 'a.svg'))).status).toBe(400);
      expect((await upload(id, BUYER, imageForm(await png(), 'a.png', 'other'))).status).toBe(400);
      expect(await upload(id, OTHER, imageForm(await png()))).toEqual({
        status: 403,
        body: { error: CHAT_NOT_YOURS },
      });
      expect(await upload(987_654, BUYER, imageForm(await png()))).toEqual({
        status: 403,
        body: { error: CHAT_NOT_YOURS },
      });
      expect((await upload(id, undefined, imageForm(await png()))).status).toBe(401);
      // One image per upload: a second file is refused while the form is read, not held in memory.
      const two = imageForm(await png());
      two.append('image', new Blob([new Uint8Array(await png())]), 'b.png');
      expect(await upload(id, BUYER, two)).toEqual({
        status: 413,
        body: { error: 'Upload at most 1 image at a time.' },
      });
      expect(fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []).toEqual(before);
    });

    it('removes an upload never sent a day after it came, keeps sent ones, and refuses to send a removed one', async () => {
      const { id } = (await startChat(BUYER)).body as { id: number };
      const sent = (await upload(id, BUYER, imageForm(await png()))).body.filePath as string;
      const unsent = (await upload(id, BUYER, imageForm(await png()))).body.filePath as string;
      const file = (image: string) =>
        path.join(t.config.dataDir, 'chat-images', String(id), path.basename(image));
      const buyer = await client(BUYER);
      expect((await send(buyer, { chatId: id, senderGoogleId: BUYER, content: '', images: [sent] })).ok).toBe(
        true,
      );
      // The app's own service over the same database and folder, with the sweep's clock moved on.
      const chat = createChatService({
        db: t.handle.db,
        config: t.config,
        limiter: createRateLimiter(undefined),
      });
      const hour = 3_600_000;
      expect(await chat.sweepUnsentImages(new Date(Date.now() + 23 * hour))).toBe(0);
      expect(fs.existsSync(file(unsent))).toBe(true);

      // Every unsent upload of this file's tests so far is a day old by then, this one among them.
      const unsentRows = () =>
        t.handle.db.selectFrom('chat_images').select('name').where('sent_at', 'is', null).execute();
      const waiting = (await unsentRows()).map((row) => row.name);
      expect(waiting).toContain(path.basename(unsent));
      expect(waiting).not.toContain(path.basename(sent));
      const dayLater = new Date(Date.now() + UNSENT_IMAGE_MAX_AGE_MS + 60_000);
      expect(await chat.sweepUnsentImages(dayLater)).toBe(waiting.length);
      expect(await unsentRows()).toEqual([]);
      expect(fs.existsSync(file(unsent))).toBe(false);
      expect(fs.existsSync(file(sent))).toBe(true);
      const rows = await t.handle.db
        .selectFrom('chat_images')
        .select(['name', 'sent_at'])
        .where('chat_id', '=', id)
        .where('name', 'in', [path.basename(sent), path.basename(unsent)])
        .execute();
      expect(rows).toEqual([{ name: path.basename(sent), sent_at: expect.any(String) }]);
      // The sent image is still served; the removed one is gone and cannot be sent any more.
      expect((await t.app.inject({ url: sent, headers: headers[BUYER] })).statusCode).toBe(200);
      expect((await t.app.inject({ url: unsent, headers: headers[BUYER] })).statusCode).toBe(404);
      expect(await send(buyer, { chatId: id, senderGoogleId: BUYER, content: '', images: [unsent] })).toEqual(
        {
          ok: false,
          error: IMAGE_NOT_UPLOADED,
        },
      );
      // Sent again in a later message, an image stays sent.
      expect(
        (await send(buyer, { chatId: id, senderGoogleId: BUYER, content: 'again', images: [sent] })).ok,
      ).toBe(true);
    });

    it('refuses a message showing an upload whose record the sweep took, even with the file still there', async () => {
      const { id } = (await startChat(BUYER)).body as { id: number };
      const image = (await upload(id, BUYER, imageForm(await png()))).body.filePath as string;
      // As when a sweep in another process took the record a moment before this send, and its file
      // removal is still to come.
      await t.handle.db.deleteFrom('chat_images').where('name', '=', path.basename(image)).execute();
      const buyer = await client(BUYER);
      const before = (await storedMessages(id)).length;
      expect(
        await send(buyer, { chatId: id, senderGoogleId: BUYER, content: 'pic', images: [image] }),
      ).toEqual({
        ok: false,
        error: IMAGE_NOT_UPLOADED,
      });
      expect(await storedMessages(id)).toHaveLength(before);
    });
  });
});
