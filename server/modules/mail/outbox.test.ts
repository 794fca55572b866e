import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse } from '../../../shared/schemas/mail.js';
import {
  adminHeaders,
  type AuthHeaders,
  buyerHeaders,
  createTestApp,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { queueMail } from './index.js';
import { deliverDueMail, mailSenderDeps, SELLER_EMAIL_UNSET } from './sender.js';
import { createMailTransport, type MailTransport } from './transport.js';

describe.each(TEST_DIALECTS)('the admin outbox on %s', (dialect) => {
  let t: TestApp;
  let sink: SmtpSink;
  let transport: MailTransport;
  let admin: AuthHeaders;

  const send = (now?: Date) => deliverDueMail(mailSenderDeps(t.app.deps, transport), now);
  const list = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/outbox${query}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OutboxResponse>();
  };
  const queue = (n: number, to: { buyer: string } | 'seller', at: string) =>
    t.handle.db.transaction().execute((trx) =>
      queueMail(
        trx,
        {
          kind: to === 'seller' ? 'seller_order_paid' : 'order_paid',
          dedupeKey: `outbox-test:${n}`,
          to,
          content: { subject: `E-mail ${n}`, heading: 'h', paragraphs: ['p'] },
        },
        at,
      ),
    );

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(dialect, { SMTP_URL: sink.url, SELLER_EMAIL: 'seller@example.com' });
    transport = createMailTransport(t.config);
    admin = await adminHeaders(t);
    // 1–3 sent, 4 failing (refused), 5 waiting; queued a second apart so "newest first" is visible.
    for (const n of [1, 2, 3])
      await queue(n, { buyer: `buyer${n}@example.com` }, `2026-03-01T10:00:0${n}.000Z`);
    await send();
    await queue(4, { buyer: 'buyer4@example.com' }, '2026-03-01T10:00:04.000Z');
    sink.refusing = true;
    // Refused "in 2098": its back-off then runs to 2098, so no later pass of these tests sends it before
    // the resend below makes it due (a 1 s back-off from now would lapse on a busy machine).
    await send(new Date('2098-01-01T00:00:00.000Z'));
    sink.refusing = false;
    await queue(5, 'seller', '2099-01-01T00:00:00.000Z');
  });
  afterAll(async () => {
    transport.close();
    await t.close();
    await sink.close();
  });

  it('lists every e-mail newest first with its state, recipient, tries and last error', async () => {
    const all = await list();
    expect(all.total).toBe(5);
    expect(all.items.map((mail) => [mail.subject, mail.status, mail.recipient])).toEqual([
      ['E-mail 5', 'waiting', 'seller@example.com'],
      ['E-mail 4', 'failing', 'buyer4@example.com'],
      ['E-mail 3', 'sent', 'buyer3@example.com'],
      ['E-mail 2', 'sent', 'buyer2@example.com'],
      ['E-mail 1', 'sent', 'buyer1@example.com'],
    ]);
    const failing = all.items[1]!;
    expect(failing).toMatchObject({
      kind: 'order_paid',
      audience: 'buyer',
      attempts: 1,
      last_error: 'The mail server refused the message: 451 Mailbox busy, try again later',
      sent_at: null,
    });
    expect(failing.next_attempt_at).not.toBeNull();
    const sent = all.items[2]!;
    expect(sent).toMatchObject({ attempts: 0, last_error: null, next_attempt_at: null });
    expect(sent.sent_at).not.toBeNull();
    // What a sender holds and what it renders stay in the server.
    expect(Object.keys(sent).sort()).toEqual([
      'attempts',
      'audience',
      'created_at',
      'id',
      'kind',
      'last_error',
      'next_attempt_at',
      'recipient',
      'sent_at',
      'status',
      'subject',
    ]);
  });

  it('filters by state and pages', async () => {
    const subjects = async (query: string) => (await list(query)).items.map((mail) => mail.subject);
    expect(await subjects('?status=sent')).toEqual(['E-mail 3', 'E-mail 2', 'E-mail 1']);
    expect(await subjects('?status=failing')).toEqual(['E-mail 4']);
    expect(await subjects('?status=waiting')).toEqual(['E-mail 5']);
    const second = await list('?status=sent&page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((mail) => mail.subject)).toEqual(['E-mail 1']);
  });

  it('names the seller as "seller" while SELLER_EMAIL is unset', async () => {
    const other = await createTestApp(dialect);
    try {
      await other.handle.db.transaction().execute((trx) =>
        queueMail(
          trx,
          {
            kind: 'seller_order_paid',
            dedupeKey: 'x',
            to: 'seller',
            content: { subject: 's', heading: 'h', paragraphs: [] },
          },
          new Date().toISOString(),
        ),
      );
      const files = createMailTransport(other.config);
      await deliverDueMail(mailSenderDeps(other.app.deps, files));
      const response = await other.app.inject({
        method: 'GET',
        url: '/api/admin/outbox?status=failing',
        headers: await adminHeaders(other),
      });
      expect(response.json().items).toMatchObject([
        { recipient: 'seller', status: 'failing', attempts: 0, last_error: SELLER_EMAIL_UNSET },
      ]);
    } finally {
      await other.close();
    }
  });

  it('refuses a bad filter, page or size with a sentence', async () => {
    for (const [query, error] of [
      ['?status=lost', 'Invalid query parameter "status": must be one of all, sent, waiting, failing.'],
      ['?page=0', 'Invalid query parameter "page": must be 1 or more.'],
      ['?pageSize=201', 'Invalid query parameter "pageSize": must be from 1 to 200.'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/outbox${query}`,
        headers: admin,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error });
    }
  });

  it('is the admin’s alone', async () => {
    const buyer = await buyerHeaders(t, { sub: 'outbox-buyer' });
    for (const headers of [{}, buyer, { authorization: 'Bearer nonsense' }]) {
      const listed = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers });
      expect(listed.statusCode).toBe(401);
      const resent = await t.app.inject({ method: 'POST', url: '/api/admin/outbox/1/resend', headers });
      expect(resent.statusCode).toBe(401);
    }
  });

  it('resends a sent e-mail: waiting again, due now, and delivered a second time', async () => {
    const first = (await list('?status=sent')).items.at(-1)!;
    const before = new Date().toISOString();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${first.id}/resend`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const resent = response.json();
    expect(resent).toMatchObject({
      id: first.id,
      status: 'waiting',
      sent_at: null,
      attempts: 0,
      last_error: null,
    });
    expect(resent.next_attempt_at >= before).toBe(true);

    const received = sink.received.length;
    await send();
    const again = await sink.waitFor(
      (mail) => mail.subject === 'E-mail 1' && sink.received.indexOf(mail) >= received,
    );
    expect(again.to).toEqual(['buyer1@example.com']);
    expect(sink.received.filter((mail) => mail.subject === 'E-mail 1')).toHaveLength(2);
    expect((await list('?status=sent')).items.map((mail) => mail.subject)).toContain('E-mail 1');
  });

  it('makes a failing e-mail due now, skipping the rest of its back-off', async () => {
    const failing = (await list('?status=failing')).items[0]!;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${failing.id}/resend`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    // Still failing (its last error stands) until the sender has tried it.
    expect(response.json()).toMatchObject({ status: 'failing', attempts: 1 });
    expect(response.json().next_attempt_at <= new Date().toISOString()).toBe(true);
    await send();
    expect((await sink.waitFor((mail) => mail.subject === 'E-mail 4')).to).toEqual(['buyer4@example.com']);
  });

  it('answers 404 for an e-mail that is not there, and 400 for an id that is not one', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/999999/resend',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'There is no e-mail 999999 in the outbox.' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/outbox/abc/resend', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid path parameter "id": must be a whole number.' });
  });

  it('queues a test e-mail to an address, or to the seller, that goes out like any other', async () => {
    const toAddress = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/test',
      headers: admin,
      payload: { to: 'owner@example.com' },
    });
    expect(toAddress.statusCode).toBe(201);
    expect(toAddress.json()).toMatchObject({
      kind: 'test',
      audience: 'buyer',
      recipient: 'owner@example.com',
      subject: 'Test e-mail from the Open Box Store',
      status: 'waiting',
    });
    const toSeller = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/test',
      headers: admin,
      payload: {},
    });
    expect(toSeller.json()).toMatchObject({ audience: 'seller', recipient: 'seller@example.com' });

    await send();
    const received = await sink.waitFor((mail) => mail.to[0] === 'owner@example.com');
    expect(received.subject).toBe('Test e-mail from the Open Box Store');
    expect(received.text).toContain('/ayzadmin/outbox');
    await sink.waitFor((mail) => mail.subject === received.subject && mail.to[0] === 'seller@example.com');
  });

  it('refuses a test e-mail to something that is not an address, and anyone but the admin', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/test',
      headers: admin,
      payload: { to: 'owner at example' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid field "to": must be an e-mail address.' });
    const before = (await list()).total;
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/outbox/test', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await list()).total).toBe(before);
  });
});
