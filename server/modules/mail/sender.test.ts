import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import type { MailContent } from './content.js';
import { queueMail } from './index.js';
import { claimDueMail, type OutboxRow } from './outbox-repository.js';
import {
  deliverDueMail,
  LEASE_MS,
  mailSenderDeps,
  type MailSenderDeps,
  MAX_RETRY_DELAY_MS,
  retryDelayMs,
  SELLER_EMAIL_UNSET,
} from './sender.js';
import { createMailTransport, type MailTransport } from './transport.js';

const FROM = 'Open Box Store <shop@example.com>';
const SHOP_URL = 'https://shop.example';

const content = (subject: string, extra: Partial<MailContent> = {}): MailContent => ({
  subject,
  heading: `About: ${subject}`,
  paragraphs: ['Thank you for your order.'],
  details: [['Total', '$39.98']],
  action: { label: 'See your orders', href: '/account' },
  ...extra,
});

/** Queues e-mails the way an event does: inside its transaction. */
async function queue(
  t: TestApp,
  subjects: string[],
  to: { buyer: string } | 'seller' = { buyer: 'b@example.com' },
) {
  await t.handle.db.transaction().execute(async (trx) => {
    for (const subject of subjects) {
      await queueMail(
        trx,
        { kind: 'order_paid', dedupeKey: `test:${subject}`, to, content: content(subject) },
        new Date().toISOString(),
      );
    }
  });
}

const rows = (t: TestApp) => t.handle.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
const row = async (t: TestApp, subject: string): Promise<OutboxRow> =>
  t.handle.db.selectFrom('mail_outbox').selectAll().where('subject', '=', subject).executeTakeFirstOrThrow();
/** A clock that only moves forward, a minute (the longest back-off) at a time. */
function minutesLater() {
  let at = Date.now();
  return () => {
    at += MAX_RETRY_DELAY_MS + 1000;
    return new Date(at);
  };
}
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe.each(TEST_DIALECTS)('the outbox sender on %s', (dialect) => {
  let t: TestApp;
  let sink: SmtpSink;
  let transport: MailTransport;
  let deps: MailSenderDeps;

  const smtpDeps = (
    smtpUrl: string,
    sellerEmail: string | undefined = 'seller@example.com',
  ): MailSenderDeps => {
    transport = createMailTransport({ SMTP_URL: smtpUrl, MAIL_FROM: FROM, dataDir: t.dataDir });
    return { ...mailSenderDeps(t.app.deps, transport), sellerEmail, shopUrl: SHOP_URL };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { MAIL_FROM: FROM });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.handle.db.deleteFrom('mail_outbox').execute();
    sink = await startSmtpSink();
    deps = smtpDeps(sink.url);
  });
  afterEach(async () => {
    transport.close();
    await sink.close();
  });

  it('delivers queued e-mails with From, To, subject, both parts and the shop link, and marks them sent', async () => {
    await queue(t, ['Your order is paid']);
    await queue(t, ['A new paid order'], 'seller');
    expect(await deliverDueMail(deps)).toEqual({ sent: 2, failed: 0 });

    const buyer = await sink.waitFor((mail) => mail.subject === 'Your order is paid');
    expect(buyer.to).toEqual(['b@example.com']);
    expect(buyer.from).toBe('shop@example.com');
    expect(buyer.parsed.from?.value).toEqual([{ name: 'Open Box Store', address: 'shop@example.com' }]);
    expect(buyer.text).toContain('About: Your order is paid');
    expect(buyer.text).toContain('See your orders: https://shop.example/account');
    expect(buyer.text).toContain('https://shop.example/');
    expect(buyer.html).toContain('<h1');
    expect(buyer.html).toContain('href="https://shop.example/account"');
    expect(buyer.html).toContain('href="https://shop.example/"');
    const seller = await sink.waitFor((mail) => mail.subject === 'A new paid order');
    expect(seller.to).toEqual(['seller@example.com']);

    for (const sent of await rows(t)) {
      expect(sent).toMatchObject({ status: 'sent', attempts: 0, last_error: null, locked_until: null });
      expect(sent.sent_at).not.toBeNull();
    }
    // Nothing is due any more: a second pass sends nothing.
    expect(await deliverDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    expect(sink.received).toHaveLength(2);
  });

  it('keeps an e-mail the server refuses, with the reason and growing tries, and delivers it once accepted', async () => {
    await queue(t, ['Refused for now']);
    sink.refusing = true;
    expect(await deliverDueMail(deps)).toEqual({ sent: 0, failed: 1 });
    let waiting = await row(t, 'Refused for now');
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 1, locked_until: null });
    expect(waiting.last_error).toBe('The mail server refused the message: 451 Mailbox busy, try again later');
    // Backed off: not due again at once.
    expect(await deliverDueMail(deps)).toEqual({ sent: 0, failed: 0 });

    const later = minutesLater();
    for (const attempt of [2, 3, 4]) {
      await deliverDueMail(deps, later());
      waiting = await row(t, 'Refused for now');
      expect(waiting.attempts).toBe(attempt);
    }
    expect(sink.received).toEqual([]);

    sink.refusing = false;
    expect(await deliverDueMail(deps, later())).toEqual({ sent: 1, failed: 0 });
    expect((await row(t, 'Refused for now')).status).toBe('sent');
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Refused for now']);
  });

  it('loses nothing while the server is gone, and sends each e-mail once when it returns on the same port', async () => {
    const subjects = Array.from({ length: 7 }, (_, i) => `While down ${i + 1}`);
    await queue(t, subjects);
    const port = sink.port;
    await sink.close();

    expect(await deliverDueMail(deps)).toEqual({ sent: 0, failed: 7 });
    for (const waiting of await rows(t)) {
      expect(waiting).toMatchObject({ status: 'waiting', attempts: 1, locked_until: null });
      expect(waiting.last_error).toBe(`The mail server at smtp://127.0.0.1:${port} refused the connection.`);
    }
    const later = minutesLater();
    await deliverDueMail(deps, later());
    expect((await rows(t)).map((r) => r.attempts)).toEqual(subjects.map(() => 2));

    sink = await startSmtpSink(port);
    expect(await deliverDueMail(deps, later())).toEqual({ sent: 7, failed: 0 });
    expect(sink.received.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    expect((await rows(t)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('gives up on a server that takes the connection but never answers, and tries again later', async () => {
    const sockets = new Set<net.Socket>();
    const stalled = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as net.AddressInfo;
    transport.close();
    transport = createMailTransport(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: FROM, dataDir: t.dataDir },
      { connectionMs: 300, greetingMs: 300, socketMs: 300 },
    );
    deps = { ...deps, transport };
    await queue(t, ['Stalled']);

    expect(await deliverDueMail(deps)).toEqual({ sent: 0, failed: 1 });
    expect(sockets.size).toBeGreaterThan(0);
    expect(await row(t, 'Stalled')).toMatchObject({
      status: 'waiting',
      attempts: 1,
      last_error: `The mail server at smtp://127.0.0.1:${port} did not answer in time.`,
    });
    const later = minutesLater();
    expect(await deliverDueMail(deps, later())).toEqual({ sent: 0, failed: 1 });
    expect((await row(t, 'Stalled')).attempts).toBe(2);

    // The server on that port comes to life: the e-mail goes.
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => stalled.close(() => resolve()));
    await sink.close();
    sink = await startSmtpSink(port);
    expect(await deliverDueMail(deps, later())).toEqual({ sent: 1, failed: 0 });
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Stalled']);
  });

  it('keeps the seller’s notices waiting while SELLER_EMAIL is unset, then sends them', async () => {
    await queue(t, ['Seller notice'], 'seller');
    await queue(t, ['Buyer notice']);
    const noSeller = { ...deps, sellerEmail: undefined };
    expect(await deliverDueMail(noSeller)).toEqual({ sent: 1, failed: 0 });
    expect(await row(t, 'Seller notice')).toMatchObject({
      status: 'waiting',
      attempts: 0,
      last_error: SELLER_EMAIL_UNSET,
    });
    expect(await deliverDueMail(deps, inSeconds(60))).toEqual({ sent: 1, failed: 0 });
    expect((await sink.waitFor((mail) => mail.subject === 'Seller notice')).to).toEqual([
      'seller@example.com',
    ]);
  });

  it('cannot be made to add a recipient or header through the subject', async () => {
    await t.handle.db.transaction().execute((trx) =>
      queueMail(
        trx,
        {
          kind: 'chat_message',
          dedupeKey: 'test:injection',
          to: { buyer: 'b@example.com' },
          content: content('Hi\r\nBcc: victim@example.com\r\n\r\n<b>body</b>'),
        },
        new Date().toISOString(),
      ),
    );
    await deliverDueMail(deps);
    const mail = await sink.waitFor(() => true);
    expect(mail.to).toEqual(['b@example.com']);
    expect(mail.subject).toBe('Hi Bcc: victim@example.com <b>body</b>');
    expect(mail.parsed.bcc).toBeUndefined();
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^Bcc:/im);
    expect([...mail.parsed.headers.keys()]).not.toContain('bcc');
  });

  it('gives each e-mail to one of two senders running at once', async () => {
    const subjects = Array.from({ length: 120 }, (_, i) => `Race ${i + 1}`);
    await queue(t, subjects);
    const otherTransport = createMailTransport({ SMTP_URL: sink.url, MAIL_FROM: FROM, dataDir: t.dataDir });
    const other = { ...deps, transport: otherTransport };
    const reports = await Promise.all([deliverDueMail(deps), deliverDueMail(other), deliverDueMail(deps)]);
    otherTransport.close();
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(120);
    expect(sink.received).toHaveLength(120);
    expect(new Set(sink.received.map((mail) => mail.subject)).size).toBe(120);
  });

  it('leaves a claim to its lease: no one else takes the e-mail until it runs out', async () => {
    await queue(t, ['Claimed']);
    const now = new Date();
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    expect(await claimDueMail(t.handle.db, now.toISOString(), lease, 10)).toHaveLength(1);
    // The claimer died here. Another sender finds nothing due until the lease is over...
    expect(await claimDueMail(t.handle.db, now.toISOString(), lease, 10)).toEqual([]);
    expect(await deliverDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    // ...then sends it.
    expect(await deliverDueMail(deps, new Date(now.getTime() + LEASE_MS + 1000))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Claimed']);
  });

  it('leaves an e-mail whose lease ran out during its send to the sender that claimed it since', async () => {
    await queue(t, ['Slow send']);
    let finishSend = () => {};
    let started = () => {};
    const sendStarted = new Promise<void>((resolve) => (started = resolve));
    const slow: MailTransport = {
      description: 'a mail server that answers late',
      async send() {
        started();
        await new Promise<void>((resolve) => (finishSend = resolve));
      },
      close: () => undefined,
    };
    const now = new Date();
    const pass = deliverDueMail({ ...deps, transport: slow }, now);
    await sendStarted;
    // The first sender's lease runs out mid-send; another sender claims the e-mail.
    const after = new Date(now.getTime() + LEASE_MS + 1000);
    const newLease = new Date(after.getTime() + LEASE_MS).toISOString();
    expect(await claimDueMail(t.handle.db, after.toISOString(), newLease, 10)).toHaveLength(1);
    finishSend();
    await pass;
    // The late answer changes nothing: the e-mail is the new holder's to send and mark.
    expect(await row(t, 'Slow send')).toMatchObject({
      status: 'waiting',
      locked_until: newLease,
      sent_at: null,
    });
  });

  it('hands back what it claimed but did not begin when the process stops', async () => {
    await queue(
      t,
      Array.from({ length: 30 }, (_, i) => `Stopping ${i + 1}`),
    );
    let sent = 0;
    const report = await deliverDueMail({ ...deps, onSent: () => (sent += 1), stopping: () => sent > 0 });
    expect(report.sent).toBeGreaterThan(0);
    expect(report.sent).toBeLessThan(30);
    const left = (await rows(t)).filter((r) => r.status === 'waiting');
    expect(left).toHaveLength(30 - report.sent);
    expect(left.every((r) => r.locked_until === null && r.attempts === 0)).toBe(true);
    // Due at once for the next sender.
    expect((await deliverDueMail(deps)).sent).toBe(30 - report.sent);
  });

  it('records a DATA_DIR/mail it cannot write as each e-mail’s failure, and delivers them once it can', async () => {
    // A file where the folder should be: mkdir fails, as for root too (a chmod would not stop root).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-unwritable-'));
    const directory = path.join(dataDir, 'mail');
    fs.writeFileSync(directory, 'not a folder');
    const files = createMailTransport({ SMTP_URL: undefined, MAIL_FROM: FROM, dataDir });
    try {
      await queue(t, ['Unwritable 1', 'Unwritable 2']);
      const fileDeps = { ...deps, transport: files };
      const now = new Date();
      const report = await deliverDueMail(fileDeps, now);
      expect(report.sent).toBe(0);
      expect(report.failed).toBeGreaterThanOrEqual(1);
      for (const waiting of await rows(t)) {
        expect(waiting).toMatchObject({ status: 'waiting', attempts: 1, locked_until: null });
        expect(waiting.last_error).toMatch(/^Could not write the e-mail to .*mail \(E[A-Z]+\)\.$/);
        expect(Date.parse(waiting.next_attempt_at)).toBeLessThanOrEqual(now.getTime() + MAX_RETRY_DELAY_MS);
      }
      fs.rmSync(directory);
      expect(await deliverDueMail(fileDeps, minutesLater()())).toEqual({ sent: 2, failed: 0 });
      expect(fs.readdirSync(directory).filter((name) => name.endsWith('.eml'))).toHaveLength(2);
    } finally {
      files.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('records a transport’s unforeseen error as that e-mail’s failure, and goes on with the others', async () => {
    await queue(t, ['Breaks the transport', 'Goes through']);
    const quirky: MailTransport = {
      description: 'a transport with a bug',
      async send(mail, signal) {
        if (mail.subject === 'Breaks the transport')
          throw new TypeError('cannot read properties of undefined');
        await transport.send(mail, signal);
      },
      close: () => undefined,
    };
    expect(await deliverDueMail({ ...deps, transport: quirky })).toEqual({ sent: 1, failed: 1 });
    expect(await row(t, 'Breaks the transport')).toMatchObject({
      status: 'waiting',
      attempts: 1,
      locked_until: null,
      last_error: 'Could not send the e-mail: cannot read properties of undefined',
    });
    expect((await row(t, 'Goes through')).status).toBe('sent');
  });

  it('backs off 1 s, 2 s, 4 s … and never more than a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe.each(TEST_DIALECTS)('without SMTP_URL on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAIL_FROM: FROM, PUBLIC_URL: SHOP_URL }, { mailSendMs: 20 });
  });
  afterAll(() => t.close());

  it('the app’s own sender writes each e-mail as an .eml file under DATA_DIR/mail that mailparser reads back', async () => {
    await queue(t, ['First e-mail', 'Second <e-mail>']);
    const directory = path.join(t.dataDir, 'mail');
    const files = await until(() => {
      const names = fs.existsSync(directory)
        ? fs.readdirSync(directory).filter((n) => n.endsWith('.eml'))
        : [];
      return names.length === 2 ? names : undefined;
    });
    const ids = (await rows(t)).map((r) => r.id);
    // Sortable: the time it was written, then the id and the kind.
    for (const name of files) {
      expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-\d{8}-order_paid\.eml$/);
    }
    expect(files.map((name) => Number(name.split('-').at(-2))).sort()).toEqual(ids.sort());
    const parsed = await Promise.all(
      files.map((name) => simpleParser(fs.readFileSync(path.join(directory, name)))),
    );
    const bySubject = new Map(parsed.map((mail) => [mail.subject, mail]));
    const second = bySubject.get('Second <e-mail>')!;
    expect(second.from?.value).toEqual([{ name: 'Open Box Store', address: 'shop@example.com' }]);
    expect(second.to && 'text' in second.to ? second.to.text : '').toBe('b@example.com');
    expect(second.text).toContain('https://shop.example/account');
    expect(second.html).toContain('About: Second &lt;e-mail&gt;');
    expect(second.messageId).toBeTruthy();
    expect(bySubject.has('First e-mail')).toBe(true);
    await until(async () => ((await rows(t)).every((r) => r.status === 'sent') ? true : undefined));

    // What it did shows in /metrics: two sent by this process, none left waiting.
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: await adminHeaders(t) });
    expect(metrics.body).toMatch(/^mail_sent_total 2$/m);
    expect(metrics.body).toMatch(/^mail_failed_attempts_total 0$/m);
    expect(metrics.body).toMatch(/^mail_outbox_waiting\{state="waiting"\} 0$/m);
    expect(metrics.body).toMatch(/^mail_outbox_waiting\{state="failing"\} 0$/m);
  });
});

/** Asks until `check` gives a value (the sender runs on its own timer); fails after 10 s. */
async function until<T>(check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const giveUp = Date.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > giveUp) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
