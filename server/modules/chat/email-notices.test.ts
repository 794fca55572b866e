/**
 * E-mails of unread chat messages (issue 18), through the real app: messages sent by real socket.io
 * clients, read markers moved by real joins, the recipient's sockets seen by the real socket server. The
 * job's timer is off; each test runs it with the clock it needs (CHAT_EMAIL_DELAY_SECONDS stays 120).
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageAck } from '../../../shared/schemas/chat.js';
import type { MailContent } from '../mail/index.js';
import { type FaultProxy, startFaultProxy } from '../../test/fault-proxy.js';
import { addProduct } from '../../test/fixtures.js';
import { TEST_REDIS, testRedisAnswers } from '../../test/redis.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import {
  type AuthHeaders,
  buyerHeaders,
  createTestApp,
  listen,
  listeningUrl,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { type ChatEmailNotices, CHATS_PER_PAGE, MESSAGES_PER_EMAIL } from './email-notices.js';
import { claimNotice, insertMessage, upsertChat } from './repository.js';
import { type ChatClient, connect, next } from './socket-test-kit.js';

const SELLER = 'seller-1';
const SELLER_EMAIL = 'seller@example.com';
const DELAY_MS = 120_000;
const THROTTLE_MS = 30 * 60_000;

/** A moment `ms` from now, as the job's clock. */
const later = (ms: number) => new Date(Date.now() + ms);

describe.each(TEST_DIALECTS)('chat e-mails on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let notices: ChatEmailNotices;
  let nextProduct = 500;
  const headers: Record<string, AuthHeaders> = {};
  const open: ChatClient[] = [];

  async function client(sub: string): Promise<ChatClient> {
    const socket = await connect(url, { token: headers[sub]!.authorization.slice('Bearer '.length) });
    open.push(socket);
    return socket;
  }

  /** A signed-in buyer with a chat of their own about a new product. */
  async function buyerWithChat(sub: string): Promise<number> {
    if (!Object.hasOwn(headers, sub)) headers[sub] = await buyerHeaders(t, { sub, name: `Name ${sub}` });
    nextProduct += 1;
    await addProduct(t.handle.db, 'ayz', nextProduct, { title: `Open-box camera ${nextProduct}` });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: headers[sub],
      payload: {
        productId: nextProduct,
        store: 'ayz',
        title: 'Ignored',
        buyer_name: sub,
        buyerGoogleId: sub,
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: number }>().id;
  }

  /** Sends as `sub` from a socket that closes again, so only the recipient's connection matters. */
  async function say(sub: string, chatId: number, content: string, images: string[] = []) {
    const socket = await client(sub);
    const ack = await new Promise<SendMessageAck>((resolve) =>
      socket.emit('sendMessage', { chatId, senderGoogleId: sub, content, images }, resolve),
    );
    socket.close();
    if (!ack.ok) throw new Error(ack.error);
    return ack.message;
  }

  const chatMails = (chatId: number) =>
    t.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('dedupe_key', 'like', `chat_message:${chatId}:%`)
      .orderBy('id')
      .execute();
  const contentOf = (row: { content: string }) => JSON.parse(row.content) as MailContent;

  async function setChatEmails(sub: string, on: boolean) {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: headers[sub],
      payload: { chat_emails: on },
    });
    expect(response.statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp(
      dialect,
      { SELLER_USER_ID: SELLER, SELLER_EMAIL },
      { onChatEmailNotices: (job) => (notices = job) },
    );
    headers[SELLER] = await buyerHeaders(t, { sub: SELLER });
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  it('e-mails a buyer with no connected socket once the message is CHAT_EMAIL_DELAY_SECONDS old', async () => {
    const chatId = await buyerWithChat('buyer-away');
    await say(SELLER, chatId, 'It ships tomorrow.\nAnything else?');

    expect(await notices.run(later(DELAY_MS - 5_000))).toBe(0);
    expect(await chatMails(chatId)).toEqual([]);

    expect(await notices.run(later(DELAY_MS + 1_000))).toBe(1);
    const [mail, ...rest] = await chatMails(chatId);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'chat_message',
      audience: 'buyer',
      recipient: 'buyer-away@example.com',
      status: 'waiting',
      subject: `New message about Open-box camera ${nextProduct}`,
    });
    const content = contentOf(mail!);
    expect(content.lines).toEqual([{ label: 'The seller', value: 'It ships tomorrow.\nAnything else?' }]);
    expect(content.action).toEqual({ label: 'Open the chat', href: `/chat/${chatId}` });
    expect(content.paragraphs.join(' ')).toContain(`about Open-box camera ${nextProduct}`);
    expect(content.paragraphs.at(-1)).toMatch(/turn off these e-mails in My Account \(\/account\)/);

    // Told once: later runs find nothing new to tell.
    expect(await notices.run(later(DELAY_MS + THROTTLE_MS + 60_000))).toBe(0);
    expect(await chatMails(chatId)).toHaveLength(1);
  });

  it('sends nothing when the message is read before the delay', async () => {
    const chatId = await buyerWithChat('buyer-reads');
    await say(SELLER, chatId, 'Read me in time');
    const buyer = await client('buyer-reads');
    buyer.emit('joinChat', { chatId });
    await next(buyer, 'chatUpdated', (chat) => chat.id === chatId && chat.unread_count === 0);
    buyer.close();

    expect(await notices.run(later(DELAY_MS + 1_000))).toBe(0);
    expect(await chatMails(chatId)).toEqual([]);
  });

  it('sends nothing while the recipient is connected, and e-mails once they are gone', async () => {
    const chatId = await buyerWithChat('buyer-here');
    await say(SELLER, chatId, 'Are you there?');
    const buyer = await client('buyer-here');

    expect(await notices.run(later(DELAY_MS + 1_000))).toBe(0);
    expect(await chatMails(chatId)).toEqual([]);

    buyer.close();
    // The server notices the closed socket a moment later: the job finds it gone then.
    let queued = 0;
    for (let attempt = 0; attempt < 50 && queued === 0; attempt += 1) {
      queued = await notices.run(later(DELAY_MS + 1_000));
      if (queued === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(queued).toBe(1);
    expect(await chatMails(chatId)).toHaveLength(1);
  });

  it('sends at most one e-mail per chat within CHAT_EMAIL_THROTTLE_MINUTES, then one with what came since', async () => {
    const chatId = await buyerWithChat('buyer-busy');
    await say(SELLER, chatId, 'First');
    const firstRun = later(DELAY_MS + 1_000);
    expect(await notices.run(firstRun)).toBe(1);

    await say(SELLER, chatId, 'Second');
    await say(SELLER, chatId, 'Third');
    expect(await notices.run(later(DELAY_MS + 5 * 60_000))).toBe(0);
    expect(await chatMails(chatId)).toHaveLength(1);

    expect(await notices.run(new Date(firstRun.getTime() + THROTTLE_MS + 60_000))).toBe(1);
    const mails = await chatMails(chatId);
    expect(mails).toHaveLength(2);
    expect(contentOf(mails[1]!).lines?.map((line) => line.value)).toEqual(['Second', 'Third']);
    expect(contentOf(mails[1]!).paragraphs[0]).toMatch(/wrote 2 messages to you/);
  });

  it('quotes the newest messages of a long run and says how many came before them', async () => {
    const chatId = await buyerWithChat('buyer-long');
    for (let n = 1; n <= MESSAGES_PER_EMAIL + 2; n += 1) await say(SELLER, chatId, `Note ${n}`);

    expect(await notices.run(later(DELAY_MS + 1_000))).toBe(1);
    const content = contentOf((await chatMails(chatId))[0]!);
    expect(content.lines?.map((line) => line.value)).toEqual(
      Array.from({ length: MESSAGES_PER_EMAIL }, (_, i) => `Note ${i + 3}`),
    );
    expect(content.paragraphs.slice(0, 2)).toEqual([
      `The seller wrote ${MESSAGES_PER_EMAIL + 2} messages to you about Open-box camera ${nextProduct} that you have not read yet.`,
      `The ${MESSAGES_PER_EMAIL} newest are below; open the chat for the 2 before them.`,
    ]);
  });

  it('e-mails the seller (audience seller, SELLER_EMAIL) what a buyer wrote', async () => {
    const chatId = await buyerWithChat('buyer-asks');
    await say('buyer-asks', chatId, 'Does it come with a charger?');

    expect(await notices.run(later(DELAY_MS + 1_000))).toBe(1);
    const [mail] = await chatMails(chatId);
    expect(mail).toMatchObject({
      audience: 'seller',
      recipient: null,
      subject: `Name buyer-asks wrote about Open-box camera ${nextProduct}`,
    });
    const content = contentOf(mail!);
    expect(content.heading).toBe('New message from Name buyer-asks');
    expect(content.lines).toEqual([{ label: 'Name buyer-asks', value: 'Does it come with a charger?' }]);
    expect(content.action?.href).toBe(`/chat/${chatId}`);
    // The opt-out is the buyer's: the seller's e-mail does not offer it.
    expect(content.paragraphs.join(' ')).not.toContain('/account');
  });

  it('sends a buyer who turned chat e-mails off nothing, and the seller still gets theirs', async () => {
    const chatId = await buyerWithChat('buyer-quiet');
    await setChatEmails('buyer-quiet', false);
    await say(SELLER, chatId, 'Price dropped');
    expect(await notices.run(later(DELAY_MS + 1_000))).toBe(0);
    expect(await chatMails(chatId)).toEqual([]);

    await say('buyer-quiet', chatId, 'Nice, thanks');
    expect(await notices.run(later(DELAY_MS + 2_000))).toBe(1);
    expect((await chatMails(chatId)).map((mail) => mail.audience)).toEqual(['seller']);

    // Turned back on: what the seller writes next is told of.
    await say(SELLER, chatId, 'You are welcome');
    await setChatEmails('buyer-quiet', true);
    expect(await notices.run(later(DELAY_MS + 3_000))).toBe(1);
    const mails = await chatMails(chatId);
    expect(mails.map((mail) => mail.audience)).toEqual(['seller', 'buyer']);
    expect(contentOf(mails[1]!).lines).toEqual([{ label: 'The seller', value: 'You are welcome' }]);
  });

  it('pages past more skipped chats than one page (e-mails off, recipient connected) to reach the rest', async () => {
    for (const sub of ['buyer-muted', 'buyer-online']) headers[sub] = await buyerHeaders(t, { sub });
    await setChatEmails('buyer-muted', false);
    await client('buyer-online'); // stays connected through the run
    // More chats than the rate limits let a test start through the API: written with the chat module's
    // own repository, each with a message from the seller that its buyer has not read.
    const at = new Date().toISOString();
    const skipped: number[] = [];
    // In one transaction: 400 chats' writes, each committed alone, took PostgreSQL seconds on a busy machine.
    await t.handle.db.transaction().execute(async (trx) => {
      for (const sub of ['buyer-muted', 'buyer-online']) {
        for (let i = 0; i <= CHATS_PER_PAGE; i += 1) {
          nextProduct += 1;
          const chatId = await upsertChat(trx, {
            shop: 'ayz',
            productId: nextProduct,
            title: `Open-box lens ${nextProduct}`,
            buyerGoogleId: sub,
            buyerName: sub,
            at,
          });
          await insertMessage(trx, {
            chatId,
            senderGoogleId: SELLER,
            content: 'Still interested?',
            images: [],
            clientMessageId: undefined,
            lastMessage: 'Still interested?',
            at,
          });
          skipped.push(chatId);
        }
      }
    });
    const chatId = await buyerWithChat('buyer-away');
    await say(SELLER, chatId, 'Your lens is ready');
    expect(await notices.run(later(DELAY_MS + 1_000))).toBeGreaterThanOrEqual(1);
    expect(await chatMails(chatId)).toHaveLength(1);
    const told = await t.handle.db
      .selectFrom('mail_outbox')
      .select('dedupe_key')
      .where('kind', '=', 'chat_message')
      .execute();
    const toldChats = new Set(told.map((row) => Number(row.dedupe_key.split(':')[1])));
    expect(skipped.filter((id) => toldChats.has(id))).toEqual([]);
    // Its socket closes after the test: its chats must not be due for the tests after it.
    await setChatEmails('buyer-online', false);
  });

  it('reads a message of images only as "Image" or "N images"', async () => {
    const chatId = await buyerWithChat('buyer-photos');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#07a' } })
      .png()
      .toBuffer();
    const upload = async () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)]), 'photo.png');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/chats/${chatId}/upload`,
        headers: headers['buyer-photos'],
        payload: form,
      });
      return response.json<{ filePath: string }>().filePath;
    };
    await say('buyer-photos', chatId, '', [await upload()]);
    await say('buyer-photos', chatId, ' ', [await upload(), await upload()]);

    expect(await notices.run(later(DELAY_MS + 1_000))).toBe(1);
    const [mail] = await chatMails(chatId);
    expect(contentOf(mail!).lines?.map((line) => line.value)).toEqual(['Image', '2 images']);
  });

  it('queues one e-mail when two runs of the job race', async () => {
    const chatId = await buyerWithChat('buyer-race');
    await say(SELLER, chatId, 'Once only');
    const at = later(DELAY_MS + 1_000);
    const results = await Promise.all([notices.run(at), notices.run(at), notices.run(at)]);
    expect(results.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await chatMails(chatId)).toHaveLength(1);
    const rows = await t.handle.db
      .selectFrom('chat_email_notices')
      .selectAll()
      .where('chat_id', '=', chatId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('claims a side of a chat once per throttle window, even for a message that came meanwhile', async () => {
    const chatId = await buyerWithChat('buyer-claims');
    const claim = (lastMessageId: number, at: Date) =>
      claimNotice(t.handle.db, {
        chatId,
        side: 'buyer',
        lastMessageId,
        at: at.toISOString(),
        throttledAfter: new Date(at.getTime() - THROTTLE_MS).toISOString(),
      });
    const start = new Date();
    expect(await claim(1, start)).toBe(true);
    // A process that saw a newer message a second later loses: the side was e-mailed within the window.
    expect(await claim(2, new Date(start.getTime() + 1_000))).toBe(false);
    expect(await claim(2, new Date(start.getTime() + THROTTLE_MS + 1_000))).toBe(true);
    // The same messages are never told of twice, however late.
    expect(await claim(2, new Date(start.getTime() + 3 * THROTTLE_MS))).toBe(false);
  });

  it('never e-mails old history (a message long past its delay when the job first sees it)', async () => {
    const chatId = await buyerWithChat('buyer-old');
    await say(SELLER, chatId, 'From long ago');
    expect(await notices.run(later(3 * 24 * 3_600_000))).toBe(0);
    expect(await chatMails(chatId)).toEqual([]);
  });
});

describe.skipIf(!(await testRedisAnswers()))('chat e-mails while Redis is away', () => {
  // Ids of this run only: the adapter's channels are shared by every app on the same Redis.
  const run = crypto.randomBytes(4).toString('hex');
  const seller = `seller-${run}`;
  const buyer = `buyer-${run}`;
  let t: TestApp;
  let proxy: FaultProxy;
  let notices: ChatEmailNotices;

  beforeAll(async () => {
    proxy = await startFaultProxy(TEST_REDIS);
    t = await createTestApp(
      'sqlite',
      { SELLER_USER_ID: seller, REDIS_URL: proxy.url(`redis://${TEST_REDIS.host}:${TEST_REDIS.port}/13`) },
      { onChatEmailNotices: (job) => (notices = job) },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('queues nothing on a guess while other processes cannot be asked, and the e-mail once they can', async () => {
    await addProduct(t.handle.db, 'ayz', 700, { title: 'Open-box speaker' });
    const buyerAuth = await buyerHeaders(t, { sub: buyer });
    const sellerAuth = await buyerHeaders(t, { sub: seller });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: buyerAuth,
      payload: { productId: 700, title: 't', buyer_name: 'n', store: 'ayz', buyerGoogleId: buyer },
    });
    const chatId = started.json<{ id: number }>().id;
    const socket = await connect(listeningUrl(t.app), {
      token: sellerAuth.authorization.slice('Bearer '.length),
    });
    const ack = await new Promise<SendMessageAck>((resolve) =>
      socket.emit('sendMessage', { chatId, senderGoogleId: seller, content: 'Hello', images: [] }, resolve),
    );
    socket.close();
    expect(ack.ok).toBe(true);
    const due = () => notices.run(later(DELAY_MS + 1_000));
    const mails = () =>
      t.handle.db.selectFrom('mail_outbox').select('recipient').where('kind', '=', 'chat_message').execute();

    proxy.cut();
    expect(await due()).toBe(0);
    expect(await mails()).toEqual([]);

    proxy.restore();
    for (let attempt = 0; attempt < 100 && (await mails()).length === 0; attempt += 1) {
      await due();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await mails()).toEqual([{ recipient: `${buyer}@example.com` }]);
  });
});

describe.each(TEST_DIALECTS)('chat e-mails at a real mail server on %s', (dialect) => {
  let t: TestApp;
  let sink: SmtpSink;
  let notices: ChatEmailNotices;
  let url: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(
      dialect,
      // No delay: the job runs on the real clock, as the outbox sender does (it sends what is due now).
      {
        SELLER_USER_ID: SELLER,
        SELLER_EMAIL,
        SMTP_URL: sink.url,
        PUBLIC_URL: 'https://shop.example',
        CHAT_EMAIL_DELAY_SECONDS: '0',
        CHAT_EMAIL_THROTTLE_MINUTES: '0',
      },
      // The app's own outbox sender, on a short timer: the e-mail goes the way every e-mail goes.
      { onChatEmailNotices: (job) => (notices = job), mailSendMs: 50 },
    );
    url = await listen(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("delivers the buyer's and the seller's e-mail, with what was typed escaped and links to the shop", async () => {
    await addProduct(t.handle.db, 'ayz', 800, { title: 'Open-box <drone>' });
    const buyer = await buyerHeaders(t, { sub: 'buyer-smtp', name: 'Ann <b>B</b>' });
    const seller = await buyerHeaders(t, { sub: SELLER });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: buyer,
      payload: { productId: 800, title: 't', buyer_name: 'n', store: 'ayz', buyerGoogleId: 'buyer-smtp' },
    });
    const chatId = started.json<{ id: number }>().id;
    const send = async (headers: AuthHeaders, sub: string, content: string) => {
      const socket = await connect(url, { token: headers.authorization.slice('Bearer '.length) });
      const ack = await new Promise<SendMessageAck>((resolve) =>
        socket.emit('sendMessage', { chatId, senderGoogleId: sub, content, images: [] }, resolve),
      );
      socket.close();
      expect(ack.ok).toBe(true);
    };

    await send(buyer, 'buyer-smtp', 'Is it <script>alert(1)</script> new?');
    expect(await notices.run()).toBe(1);
    const toSeller = await sink.waitFor((mail) => mail.to.includes(SELLER_EMAIL));
    expect(toSeller.subject).toBe('Ann <b>B</b> wrote about Open-box <drone>');
    expect(toSeller.text).toContain('Is it <script>alert(1)</script> new?');
    expect(toSeller.html).toContain('Is it &lt;script&gt;alert(1)&lt;/script&gt; new?');
    expect(toSeller.html).not.toContain('<script>');
    expect(toSeller.html).toContain(`https://shop.example/chat/${chatId}`);

    await send(seller, SELLER, 'Brand new & sealed');
    expect(await notices.run()).toBe(1);
    const toBuyer = await sink.waitFor((mail) => mail.to.includes('buyer-smtp@example.com'));
    expect(toBuyer.subject).toBe('New message about Open-box <drone>');
    expect(toBuyer.text).toContain('Brand new & sealed');
    expect(toBuyer.text).toContain('https://shop.example/account');
    expect(toBuyer.html).toContain(`https://shop.example/chat/${chatId}`);
    expect(toBuyer.html).toContain('Brand new &amp; sealed');
  });
});
