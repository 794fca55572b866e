/**
 * The chat past its capacity (admission.ts), with real sockets against a listening app: a connection
 * past CHAT_MAX_SOCKETS, or while the event loop stays late, is refused with a sentence and a wait; a
 * message past CHAT_MAX_PENDING_MESSAGES is answered busy at once, stores nothing, and is taken when sent
 * again with its clientMessageId.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageAck } from '../../../shared/schemas/chat.js';
import { buildApp } from '../../app.js';
import { addProduct } from '../../test/fixtures.js';
import { buyerHeaders, createTestApp, listen, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { CHAT_BUSY_CONNECT, CHAT_BUSY_SEND, CHAT_FULL, RETRY_CONNECT_S, RETRY_SEND_S } from './admission.js';
import { type ChatClient, connect } from './socket-test-kit.js';

interface Refused extends Error {
  data?: unknown;
}

describe.each(TEST_DIALECTS)('the chat at its capacity on %s', (dialect) => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  const open: ChatClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { SELLER_USER_ID: 'capacity-seller' });
    await addProduct(t.handle.db, 'ayz', 501, { title: 'Open-box speaker' });
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    for (const app of apps) await app.close();
    await t.close();
  });

  /** Another app process over the same database, with its own limits (and `db`, when given). */
  async function appWith(limits: Record<string, number>, db = t.handle.db): Promise<string> {
    const app = await buildApp(
      { ...t.app.deps, db, config: { ...t.config, ...limits } },
      { serveClient: false, orderSweepMs: 0, chatImageSweepMs: 0, chatEmailNoticeMs: 0, mailSendMs: 0 },
    );
    apps.push(app);
    return listen(app);
  }

  async function buyerWithChat(sub: string) {
    const headers = await buyerHeaders(t, { sub });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers,
      payload: { productId: 501, title: 't', buyer_name: 'n', store: 'ayz', buyerGoogleId: sub },
    });
    expect(started.statusCode).toBe(200);
    return { sub, token: headers.authorization.slice('Bearer '.length), chatId: started.json().id as number };
  }

  async function socketAt(url: string, token: string): Promise<ChatClient> {
    const socket = await connect(url, { token });
    open.push(socket);
    return socket;
  }

  const send = (socket: ChatClient, chatId: number, sub: string, clientMessageId: string) =>
    new Promise<SendMessageAck>((resolve) =>
      socket.emit(
        'sendMessage',
        { chatId, senderGoogleId: sub, content: `message ${clientMessageId}`, images: [], clientMessageId },
        resolve,
      ),
    );

  it('refuses a connection past CHAT_MAX_SOCKETS with a sentence and a wait, and takes one again when one closes', async () => {
    const url = await appWith({ CHAT_MAX_SOCKETS: 2 });
    const { token } = await buyerWithChat('crowd');
    const first = await socketAt(url, token);
    await socketAt(url, token);
    const refused: Refused = await connect(url, { token }).then(
      () => new Error('connected past the limit'),
      (error: Refused) => error,
    );
    expect(refused.message).toBe(CHAT_FULL);
    expect(refused.data).toEqual({ retryAfter: RETRY_CONNECT_S });
    first.close();
    await expect
      .poll(
        async () =>
          await connect(url, { token }).then(
            (socket) => (open.push(socket), 'in'),
            () => 'out',
          ),
      )
      .toBe('in');
  });

  it('answers a message past CHAT_MAX_PENDING_MESSAGES busy at once, stores nothing, and takes it when sent again', async () => {
    // The database's answers wait at a gate, as a slow database's would: the first two messages stay
    // being written while the third arrives.
    let release = () => {};
    let gate = Promise.resolve();
    const gated = t.handle.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await gate;
        return args.result;
      },
    });
    const url = await appWith({ CHAT_MAX_PENDING_MESSAGES: 2 }, gated);
    const { sub, token, chatId } = await buyerWithChat('busy');
    const socket = await socketAt(url, token);
    const stored = () =>
      t.handle.db
        .selectFrom('chat_messages')
        .select('client_message_id')
        .where('chat_id', '=', chatId)
        .execute();

    gate = new Promise((resolve) => (release = resolve));
    const writing = [send(socket, chatId, sub, 'busy-msg-1'), send(socket, chatId, sub, 'busy-msg-2')];
    const refused = await send(socket, chatId, sub, 'busy-msg-3');
    expect(refused).toEqual({ ok: false, error: CHAT_BUSY_SEND, retryAfter: RETRY_SEND_S });
    gate = Promise.resolve();
    release();
    const acks = await Promise.all(writing);
    expect(
      acks.map((ack) => ack.ok),
      JSON.stringify(acks),
    ).toEqual([true, true]);
    expect((await stored()).map((row) => row.client_message_id).sort()).toEqual(['busy-msg-1', 'busy-msg-2']);

    const again = await send(socket, chatId, sub, 'busy-msg-3');
    expect(again.ok).toBe(true);
    expect((await stored()).map((row) => row.client_message_id).sort()).toEqual([
      'busy-msg-1',
      'busy-msg-2',
      'busy-msg-3',
    ]);
  });

  it(
    'refuses new connections while the event loop stays late, and takes them once it keeps up',
    { timeout: 20_000 },
    async () => {
      const url = await appWith({ CHAT_MAX_EVENT_LOOP_LAG_MS: 40 });
      const { token } = await buyerWithChat('late');
      await socketAt(url, token);
      // Hold the loop 120 ms out of every 150 for three seconds: three whole late readings.
      const until = Date.now() + 3_000;
      await new Promise<void>((resolve) => {
        const hog = setInterval(() => {
          const stop = Date.now() + 120;
          while (Date.now() < stop) {
            // Busy on purpose: a loop that runs late.
          }
          if (Date.now() >= until) {
            clearInterval(hog);
            resolve();
          }
        }, 30);
      });
      const refused: Refused = await connect(url, { token }).then(
        () => new Error('connected while the loop was late'),
        (error: Refused) => error,
      );
      expect(refused.message).toBe(CHAT_BUSY_CONNECT);
      expect(refused.data).toEqual({ retryAfter: RETRY_CONNECT_S });
      // A second with the loop on time clears it.
      await expect
        .poll(
          async () =>
            connect(url, { token }).then(
              (socket) => (open.push(socket), 'in'),
              () => 'out',
            ),
          {
            timeout: 5_000,
            interval: 250,
          },
        )
        .toBe('in');
    },
  );
});
