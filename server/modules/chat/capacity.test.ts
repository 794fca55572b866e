/**
 * The chat past its capacity (issue 21), through real sockets on both databases: a connection past
 * CHAT_MAX_SOCKETS is refused with a reason, a send past CHAT_MAX_PENDING_MESSAGES is answered busy and
 * stores nothing, and a burst of sends is stored once each, in order, in fewer transactions than messages.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageAck } from '../../../shared/schemas/chat.js';
import { addProduct } from '../../test/fixtures.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  listen,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { CHAT_BUSY, CHAT_FULL } from './capacity.js';
import { TOO_FAST } from './handlers/kit.js';
import { type ChatClient, connect } from './socket-test-kit.js';

const SELLER = 'seller-cap';
const MAX_SOCKETS = 3;
const MAX_PENDING = 2;

describe.each(TEST_DIALECTS)('chat capacity on %s', (dialect) => {
  describe.each([
    [
      'small limits',
      { CHAT_MAX_SOCKETS: String(MAX_SOCKETS), CHAT_MAX_PENDING_MESSAGES: String(MAX_PENDING) },
    ],
    ['room for a burst', { CHAT_MAX_PENDING_MESSAGES: '1000' }],
  ])('with %s', (limits, env) => {
    let t: TestApp;
    let url: string;
    const open: ChatClient[] = [];
    const tokens = new Map<string, string>();

    async function signIn(sub: string): Promise<string> {
      const known = tokens.get(sub);
      if (known) return known;
      const token = (await buyerHeaders(t, { sub })).authorization.slice('Bearer '.length);
      tokens.set(sub, token);
      return token;
    }

    async function client(sub: string): Promise<ChatClient> {
      const socket = await connect(url, { token: await signIn(sub) });
      open.push(socket);
      return socket;
    }

    async function startChat(sub: string): Promise<number> {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/chats',
        headers: { authorization: `Bearer ${await signIn(sub)}` },
        payload: { productId: 101, title: 'Ignored', buyer_name: sub, store: 'ayz', buyerGoogleId: sub },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { id: number }).id;
    }

    const send = (
      socket: ChatClient,
      chatId: number,
      sub: string,
      content: string,
      clientMessageId: string,
    ) =>
      new Promise<SendMessageAck>((resolve) =>
        socket.emit(
          'sendMessage',
          { chatId, senderGoogleId: sub, content, images: [], clientMessageId },
          resolve,
        ),
      );

    /** A new chat of `buyer`, a socket, and `count` messages sent at once on it (ids `${prefix}-${n}`). */
    async function burst(buyer: string, prefix: string, count: number) {
      const chatId = await startChat(buyer);
      const socket = await client(buyer);
      const ids = Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
      const acks = await Promise.all(ids.map((id) => send(socket, chatId, buyer, `text ${id}`, id)));
      return { chatId, socket, ids, acks };
    }

    const stored = (chatId: number) =>
      t.handle.db
        .selectFrom('chat_messages')
        .select(['id', 'content', 'client_message_id'])
        .where('chat_id', '=', chatId)
        .orderBy('id')
        .execute();

    async function writeCounts(): Promise<{ transactions: number; messages: number }> {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: await adminHeaders(t) });
      const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(response.body)?.[1]);
      return {
        transactions: value('chat_message_write_transactions'),
        messages: value('chat_messages_written'),
      };
    }

    beforeAll(async () => {
      t = await createTestApp(dialect, { SELLER_USER_ID: SELLER, ...env });
      await addProduct(t.handle.db, 'ayz', 101, { title: 'Open-box laptop' });
      url = await listen(t.app);
    });
    afterEach(async () => {
      for (const socket of open.splice(0)) socket.close();
      // The server lets go of closed sockets when their close reaches it.
      while (t.app.server.listening && (await countConnected()) > 0)
        await new Promise((r) => setTimeout(r, 20));
    });
    afterAll(() => t.close());

    async function countConnected(): Promise<number> {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: await adminHeaders(t) });
      return Number(/^chat_connected_sockets (\d+)$/m.exec(response.body)?.[1]);
    }

    const small = limits === 'small limits';

    it.runIf(small)(
      'refuses a connection past CHAT_MAX_SOCKETS with a sentence and a retryAfter, and takes one again once a place is free',
      async () => {
        const admitted = [];
        for (let index = 0; index < MAX_SOCKETS; index += 1) admitted.push(await client(`buyer-${index}`));
        const refusal = await connect(url, { token: await signIn('buyer-late') }).then(
          (admittedAnyway) => void admittedAnyway.close(),
          (error: Error & { data?: unknown }) => error,
        );
        expect(refusal?.message).toBe(CHAT_FULL);
        expect(refusal?.data).toEqual({ error: CHAT_FULL, retryAfter: expect.any(Number) });
        expect((refusal?.data as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
        // Everyone admitted is still connected: a refusal drops nobody else.
        expect(admitted.every((socket) => socket.connected)).toBe(true);

        admitted.pop()!.close();
        while ((await countConnected()) >= MAX_SOCKETS) await new Promise((r) => setTimeout(r, 20));
        expect((await client('buyer-late')).connected).toBe(true);
      },
    );

    it.runIf(small)(
      'answers a send past CHAT_MAX_PENDING_MESSAGES busy with a retryAfter and stores nothing of it; the same send later is stored once',
      async () => {
        const buyer = 'buyer-busy';
        const { chatId, socket, ids, acks } = await burst(buyer, 'busy-msg', 8);

        const busy = ids.filter((_, index) => !acks[index]!.ok);
        const accepted = ids.filter((_, index) => acks[index]!.ok);
        expect(busy.length).toBeGreaterThan(0);
        for (const ack of acks.filter((a) => !a.ok)) {
          expect(ack).toEqual({ ok: false, error: CHAT_BUSY, retryAfter: expect.any(Number) });
        }
        expect((await stored(chatId)).map((row) => row.client_message_id)).toEqual(accepted);

        // The client's retry (client/chat): the same message, the same id, one at a time.
        for (const id of busy) expect((await send(socket, chatId, buyer, `text ${id}`, id)).ok).toBe(true);
        // A resend of an accepted one stores nothing more.
        expect((await send(socket, chatId, buyer, `text ${accepted[0]}`, accepted[0]!)).ok).toBe(true);
        const rows = await stored(chatId);
        expect(rows).toHaveLength(ids.length);
        expect(new Set(rows.map((row) => row.client_message_id))).toEqual(new Set(ids));
      },
    );

    it.runIf(small)(
      "does not count a busy refusal against the sender's own limit of 20 messages per 10 s",
      async () => {
        const buyer = 'buyer-budget';
        const { chatId, socket, ids, acks } = await burst(buyer, 'budget-msg', 30);
        const refused = acks.filter((ack) => !ack.ok);
        expect(refused.length).toBeGreaterThan(10);
        // Every refusal is "busy, try again", none "too fast": the busy ones were never counted.
        for (const ack of refused)
          expect(ack).toMatchObject({ error: CHAT_BUSY, retryAfter: expect.any(Number) });
        expect(refused.some((ack) => !ack.ok && ack.error === TOO_FAST)).toBe(false);
        // So the sender still has the rest of the 20: sent one at a time, each is taken.
        const taken = acks.length - refused.length;
        const rest = ids.filter((_, index) => !acks[index]!.ok).slice(0, 20 - taken);
        for (const id of rest)
          expect((await send(socket, chatId, buyer, `text ${id}`, id)).ok, id).toBe(true);
        expect(await stored(chatId)).toHaveLength(20);
      },
    );

    it.runIf(!small)(
      'stores a burst from several senders once each, in the order each sent, in fewer transactions, answering after the commit',
      async () => {
        const senders = ['burst-a', 'burst-b', 'burst-c', 'burst-d'];
        const chats = await Promise.all(senders.map((sub) => startChat(sub)));
        const sockets = await Promise.all(senders.map((sub) => client(sub)));
        const before = await writeCounts();

        const perSender = 5;
        const acked: Array<Promise<void>> = [];
        const seenAtAck: boolean[] = [];
        senders.forEach((sub, s) => {
          for (let n = 0; n < perSender; n += 1) {
            const id = `${sub}-${n}`;
            acked.push(
              send(sockets[s]!, chats[s]!, sub, `message ${n}`, id).then(async (ack) => {
                expect(ack.ok).toBe(true);
                // Acknowledged only once committed: the row is there for anyone to read.
                const row = await t.handle.db
                  .selectFrom('chat_messages')
                  .select('id')
                  .where('client_message_id', '=', id)
                  .executeTakeFirst();
                seenAtAck.push(row !== undefined && ack.ok && row.id === ack.message.id);
              }),
            );
          }
          // One resend inside the burst: answered with the same message, stored once.
          acked.push(
            send(sockets[s]!, chats[s]!, sub, 'message 0', `${sub}-0`).then((ack) => {
              expect(ack.ok).toBe(true);
            }),
          );
        });
        await Promise.all(acked);
        expect(seenAtAck).toEqual(Array(senders.length * perSender).fill(true));

        for (const [s, sub] of senders.entries()) {
          const rows = await stored(chats[s]!);
          expect(rows.map((row) => row.content)).toEqual(
            Array.from({ length: perSender }, (_, n) => `message ${n}`),
          );
          expect(rows.map((row) => row.client_message_id)).toEqual(
            Array.from({ length: perSender }, (_, n) => `${sub}-${n}`),
          );
        }
        const after = await writeCounts();
        expect(after.messages - before.messages).toBe(senders.length * perSender);
        expect(after.transactions - before.transactions).toBeLessThan(senders.length * perSender);
      },
    );
  });
});
