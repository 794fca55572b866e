/**
 * Issue 33: a NOWPayments IPN is read back from NOWPayments' API. Once its signature checks out, only its
 * payment_id is read; the payment's status, invoice and amounts come from `GET /payment/{id}` (the
 * stand-in's), never from the body. A provider that fails or answers something else is a 502 that changes
 * nothing (NOWPayments delivers the IPN again); a payment it does not have is a 404. Real app, both databases.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/harness.js';
import { STAND_IN_API_KEY } from '../../test/nowpayments-stand-in.js';
import { paymentScenarios } from '../../test/payment-scenarios.js';
import { receiveCallback } from '../payments/service.js';
import { nowpayments, nowPaymentsIpnReader } from './nowpayments.js';
import { registeredProvider } from './registry.js';

describe.each(TEST_DIALECTS)('a NOWPayments IPN read back from its API on %s', (dialect) => {
  const s = paymentScenarios(dialect);
  let nextPayment = 7_000_000_001;

  /** What NOWPayments' API holds for a payment of `paidUsd` of 20.00 on the order's invoice 123. */
  const payment = (ref: string, status: string, paidUsd: number, id = nextPayment++) => ({
    payment_id: id,
    invoice_id: 123,
    payment_status: status,
    price_amount: 20,
    price_currency: 'usd',
    pay_amount: 0.0004,
    actually_paid: (0.0004 * paidUsd) / 20,
    pay_currency: 'btc',
    order_id: ref,
  });

  /** The IPN as given, signed with the app's secret (flat, so sorting its keys is the canonical JSON). */
  const sign = (body: Record<string, unknown>) =>
    crypto
      .createHmac('sha512', s.app().config.NOWPAYMENTS_IPN_SECRET!)
      .update(JSON.stringify(body, Object.keys(body).sort()))
      .digest('hex');
  const send = (body: Record<string, unknown>) =>
    s.app().app.inject({
      method: 'POST',
      url: '/api/payments/ipn',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': sign(body) },
      payload: JSON.stringify(body),
    });

  /** Everything an IPN could change. */
  const everything = async () => ({
    orders: await s.db().selectFrom('orders').selectAll().orderBy('id').execute(),
    events: await s.db().selectFrom('payment_events').selectAll().orderBy('event_key').execute(),
    ledger: await s.db().selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
    mails: await s.db().selectFrom('mail_outbox').selectAll().orderBy('id').execute(),
  });
  const paymentReads = (id: number) =>
    s
      .nowpayments()
      .requests.filter((request) => request.method === 'GET' && request.path === `/v1/payment/${id}`);

  it("settles the order from the payment at the API, not from the body's amounts or status", async () => {
    const { ref } = await s.buy('nowpayments');
    const held = payment(ref, 'finished', 20);
    s.nowpayments().payments.set(String(held.payment_id), held);
    // The body claims an invoice of 1 paid with 1, on another invoice, still waiting: none of it is read.
    const response = await send({
      ...held,
      invoice_id: 999,
      payment_status: 'waiting',
      price_amount: 1,
      pay_amount: 1,
      actually_paid: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'finished',
      invoice_paid_cents: 2000,
      attention_reason: null,
      stock_reserved: 1,
    });
    // Read once, with the configured API key.
    const reads = paymentReads(held.payment_id);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.headers['x-api-key']).toBe(STAND_IN_API_KEY);
  });

  it('applies the status the API holds: an IPN saying finished for a payment still waiting leaves it waiting', async () => {
    const { ref } = await s.buy('nowpayments');
    const held = payment(ref, 'waiting', 0);
    s.nowpayments().payments.set(String(held.payment_id), held);
    const response = await send({ ...held, payment_status: 'finished', actually_paid: 0.0004 });
    expect(response.statusCode, response.body).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'waiting', invoice_paid_cents: null });
    // The payment's invoice and order are the API's too: one made for another order is flagged there.
    const other = await s.buy('nowpayments');
    const crossed = payment(other.ref, 'finished', 20);
    crossed.invoice_id = 456;
    s.nowpayments().payments.set(String(crossed.payment_id), crossed);
    expect((await send({ ...crossed, invoice_id: 123 })).statusCode).toBe(200);
    expect(await s.order(other.ref)).toMatchObject({
      payment_status: 'waiting',
      attention_reason: `Invoice 456 is not the one made for order ${other.ref}.`,
    });
  });

  it.each(['server-error', 'not-json', 'redirect'] as const)(
    'answers 502 and changes nothing when the API answers %s',
    async (mode) => {
      const { ref } = await s.buy('nowpayments');
      const held = payment(ref, 'finished', 20);
      s.nowpayments().payments.set(String(held.payment_id), held);
      const before = await everything();
      s.nowpayments().mode = mode;
      try {
        const response = await send(held);
        expect(response.statusCode, response.body).toBe(502);
        expect(response.json().error).toMatch(
          /^NOWPayments .+ The IPN was not applied; NOWPayments can deliver it again\.$/,
        );
      } finally {
        s.nowpayments().mode = 'ok';
      }
      expect(await everything()).toEqual(before);
      // NOWPayments delivers it again once its API answers: now it applies.
      expect((await send(held)).statusCode).toBe(200);
      expect((await s.order(ref)).payment_status).toBe('finished');
    },
  );

  it('answers 502 and changes nothing when the API does not answer within the deadline', async () => {
    const { ref } = await s.buy('nowpayments');
    const held = payment(ref, 'finished', 20);
    s.nowpayments().payments.set(String(held.payment_id), held);
    const before = await everything();
    const body = JSON.stringify(held);
    const reader = nowPaymentsIpnReader(
      { apiUrl: s.nowpayments().apiUrl, apiKey: STAND_IN_API_KEY, timeoutMs: 300 },
      s.app().config.NOWPAYMENTS_IPN_SECRET!,
    );
    s.nowpayments().mode = 'slow';
    try {
      const error = await receiveCallback(
        s.db(),
        registeredProvider('nowpayments'),
        reader,
        { headers: { 'x-nowpayments-sig': sign(held) }, rawBody: Buffer.from(body) },
        { error: () => {}, warn: () => {} },
      ).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        statusCode: 502,
        message:
          'NOWPayments did not answer within 300 ms. The IPN was not applied; NOWPayments can deliver it again.',
      });
    } finally {
      s.nowpayments().mode = 'ok';
    }
    expect(await everything()).toEqual(before);
  });

  it('answers 502 and changes nothing for an answer it cannot read', async () => {
    const { ref } = await s.buy('nowpayments');
    const before = await everything();
    const good = payment(ref, 'finished', 20);
    const malformed: Record<string, unknown>[] = [
      { ...good, payment_status: 'paid_in_full' },
      { ...good, price_amount: undefined },
      { ...good, price_amount: -20 },
      { ...good, price_currency: '' },
      { ...good, actually_paid: 'lots' },
      { ...good, order_id: 'ord 1' },
      { ...good, invoice_id: { id: 123 } },
      // Another payment than the one asked for.
      { ...good, payment_id: 1 },
    ];
    for (const answer of malformed) {
      const id = nextPayment++;
      s.nowpayments().payments.set(String(id), { ...answer, payment_id: answer.payment_id === 1 ? 1 : id });
      const response = await send({ ...good, payment_id: id });
      expect(response.statusCode, JSON.stringify(answer)).toBe(502);
      expect(response.json().error).toBe(
        `NOWPayments answered the payment check for ${id} with something else. The IPN was not applied; NOWPayments can deliver it again.`,
      );
    }
    // Not an object at all.
    const id = nextPayment++;
    s.nowpayments().payments.set(String(id), ['finished']);
    expect((await send({ ...good, payment_id: id })).statusCode).toBe(502);
    expect(await everything()).toEqual(before);
  });

  it('answers 404 for a payment NOWPayments does not have, or one that names no order, changing nothing', async () => {
    const { ref } = await s.buy('nowpayments');
    const before = await everything();
    const unknown = payment(ref, 'finished', 20);
    const response = await send(unknown);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: `NOWPayments has no payment ${unknown.payment_id}.` });
    const orphan = { ...payment(ref, 'finished', 20), order_id: null };
    s.nowpayments().payments.set(String(orphan.payment_id), orphan);
    const none = await send({ ...orphan, order_id: ref });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      error: `NOWPayments' payment ${orphan.payment_id} names no order of this shop.`,
    });
    expect(await everything()).toEqual(before);
  });

  it('answers 400 naming payment_id for an IPN without a usable one, and asks NOWPayments nothing', async () => {
    const { ref } = await s.buy('nowpayments');
    const before = await everything();
    const asked = s.nowpayments().requests.length;
    const { payment_id: _id, ...withoutId } = payment(ref, 'finished', 20);
    for (const body of [withoutId, { ...withoutId, payment_id: 'abc' }, { ...withoutId, payment_id: 1.5 }]) {
      const response = await send(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(
        'Invalid field "payment_id": must be the payment id NOWPayments made.',
      );
    }
    // NOWPayments may send it as digits in text: read as the same payment.
    const held = payment(ref, 'confirming', 0);
    s.nowpayments().payments.set(String(held.payment_id), held);
    expect(s.nowpayments().requests.length).toBe(asked);
    expect(await everything()).toEqual(before);
    expect((await send({ ...held, payment_id: String(held.payment_id) })).statusCode).toBe(200);
    expect((await s.order(ref)).payment_status).toBe('confirming');
  });

  it('sends only the configured API key, and every read so far did', () => {
    const reads = s.nowpayments().requests.filter((request) => request.method === 'GET');
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads.map((request) => request.headers['x-api-key']))).toEqual(
      new Set([STAND_IN_API_KEY]),
    );
  });
});

describe('the NOWPayments callback route', () => {
  const settings = {
    NODE_ENV: 'test' as const,
    ALLOW_SANDBOX_PAYMENTS: false,
    NOWPAYMENTS_API_URL: 'https://api.nowpayments.io/v1',
  };

  it('is off (its 404 sentence) unless both the API key and the IPN secret are set: an IPN is read back with the key', () => {
    const reader = nowpayments.callback!.reader;
    expect(reader({ ...settings, NOWPAYMENTS_IPN_SECRET: 'secret' })).toMatch(
      /^Payment callbacks are off: .*NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET are not both set/,
    );
    expect(reader({ ...settings, NOWPAYMENTS_API_KEY: 'key' })).toMatch(/^Payment callbacks are off/);
    expect(
      reader({ ...settings, NOWPAYMENTS_API_KEY: 'key', NOWPAYMENTS_IPN_SECRET: 'secret' }),
    ).toHaveProperty('verify');
  });
});
