import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addProduct, conditions, SHIPPING } from '../../test/fixtures.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import {
  type NowPaymentsStandIn,
  refusedApiUrl,
  STAND_IN_API_KEY,
  startNowPaymentsStandIn,
} from '../../test/nowpayments-stand-in.js';
import { PROVIDER_DOWN, applyPaymentStatus, sweepUnpaidOrders } from '../orders/index.js';
import { NowPaymentsProvider, nowPaymentsIpnReader } from '../payment-providers/nowpayments.js';
import type { PaymentProvider } from '../payment-providers/provider.js';
import { registeredProvider } from '../payment-providers/registry.js';
import { receiveCallback } from './service.js';

type Headers = { authorization: string };

const IPN_SECRET = 'test-ipn-secret';
const PUBLIC_URL = 'https://shop.example';

/** NOWPayments' own recipe (sort every object's keys, then JSON.stringify), written apart from the server's. */
function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortDeep(record[key])]),
    );
  }
  return value;
}
const sign = (body: object, secret = IPN_SECRET) =>
  crypto
    .createHmac('sha512', secret)
    .update(JSON.stringify(sortDeep(body)))
    .digest('hex');

/** Each callback names a payment of its own, so callbacks sent at once each read their own state back. */
let nextNowPayment = 5_077_125_051;
/** A callback shaped like NOWPayments' (keys in their order, not sorted), with its nested fee object. */
const callback = (orderId: string, status: string, extra: Record<string, unknown> = {}) => ({
  payment_id: nextNowPayment++,
  invoice_id: 123,
  payment_status: status,
  pay_address: 'bc1qexampleaddress',
  price_amount: 19.99,
  price_currency: 'usd',
  pay_amount: 0.00029,
  actually_paid: status === 'finished' ? 0.00029 : 0,
  pay_currency: 'btc',
  order_id: orderId,
  order_description: 'Camera (Acceptable) × 1',
  purchase_id: '4915279398',
  outcome_amount: 19.5,
  outcome_currency: 'usd',
  fee: { currency: 'btc', depositFee: 0.5, withdrawalFee: 0, serviceFee: 0 },
  created_at: '2026-06-01T10:00:00.000Z',
  updated_at: '2026-06-01T10:05:00.000Z',
  ...extra,
});

function shared(getApp: () => TestApp) {
  let nextProductId = 1;
  const t = () => getApp();
  return {
    /** A fresh open-box product: acceptable 19.99 × units. */
    async newProduct(units = 5): Promise<number> {
      const id = nextProductId++;
      await addProduct(
        t().handle.db,
        'ayz',
        id,
        { title: `Camera ${id}` },
        conditions([1999, units], [2999, 1]),
      );
      return id;
    },
    purchase: (sub: string, productId: number) => ({
      google_id: sub,
      product_id: productId,
      store: 'ayz',
      condition: 'acceptable',
      quantity: 1,
      ...SHIPPING,
    }),
    async stock(productId: number) {
      const db = t().handle.db;
      const condition = await db
        .selectFrom('product_conditions')
        .select('available_quantity')
        .where('shop', '=', 'ayz')
        .where('product_id', '=', productId)
        .where('condition', '=', 'acceptable')
        .executeTakeFirstOrThrow();
      const product = await db
        .selectFrom('products')
        .select('stock_quantity')
        .where('shop', '=', 'ayz')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      return { condition: condition.available_quantity, total: product.stock_quantity };
    },
    order: (paymentId: string) =>
      t().handle.db.selectFrom('orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirst(),
    events: (paymentId: string) =>
      t().handle.db.selectFrom('payment_events').selectAll().where('payment_id', '=', paymentId).execute(),
    allRows: async () => ({
      orders: await t().handle.db.selectFrom('orders').selectAll().orderBy('id').execute(),
      events: await t().handle.db.selectFrom('payment_events').selectAll().orderBy('event_key').execute(),
      conditions: await t()
        .handle.db.selectFrom('product_conditions')
        .selectAll()
        .orderBy('product_id')
        .orderBy('condition')
        .execute(),
    }),
  };
}

describe.each(TEST_DIALECTS)('NOWPayments checkout and callbacks on %s', (dialect) => {
  let t: TestApp;
  let standIn: NowPaymentsStandIn;
  let alice: Headers;
  const h = shared(() => t);
  /** The provider the app calls; each test may point it elsewhere (a down provider) or shorten its wait. */
  let current: NowPaymentsProvider;
  const provider: PaymentProvider = {
    name: 'nowpayments',
    createInvoice: (request) => current.createInvoice(request),
  };
  const nowPayments = (apiUrl: string) =>
    new NowPaymentsProvider({ apiUrl, apiKey: STAND_IN_API_KEY, publicUrl: PUBLIC_URL, timeoutMs: 400 });

  beforeAll(async () => {
    standIn = await startNowPaymentsStandIn();
    t = await createTestApp(
      dialect,
      {
        NOWPAYMENTS_API_KEY: STAND_IN_API_KEY,
        NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
        NOWPAYMENTS_API_URL: standIn.apiUrl,
        PUBLIC_URL,
      },
      { paymentProvider: provider },
    );
    alice = await buyerHeaders(t, { sub: 'alice' });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.mode = 'ok';
    standIn.invoiceId = 123;
    standIn.requests = [];
    current = nowPayments(standIn.apiUrl);
  });

  async function buy(productId: number): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: alice,
      payload: h.purchase('alice', productId),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().payment_id;
  }

  /**
   * POSTs a callback as NOWPayments does: the JSON text as given, signed (or not) in the header. The payment
   * it names is held at the stand-in as the callback reports it, for the IPN to be read back.
   */
  const ipn = (body: object | string, signature?: string) => {
    let sent: unknown = body;
    try {
      if (typeof body === 'string') sent = JSON.parse(body);
    } catch {
      // Not JSON (or nested too deep to read): the app refuses it before asking NOWPayments anything.
    }
    if (typeof sent === 'object' && sent !== null && 'payment_id' in sent) standIn.holdPaymentOf(sent);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/ipn',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-nowpayments-sig': signature }),
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  };

  it('creates the invoice on NOWPayments and hands its invoice_url to the buyer', async () => {
    const id = await h.newProduct();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: alice,
      payload: h.purchase('alice', id),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { payment_id: paymentId, payment_url: paymentUrl } = response.json();
    expect(paymentUrl).toBe('https://nowpayments.example/payment/?iid=123');
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]!.headers['x-api-key']).toBe(STAND_IN_API_KEY);
    expect(standIn.requests[0]!.body).toEqual({
      price_amount: 19.99,
      price_currency: 'usd',
      order_id: paymentId,
      order_description: `Camera ${id} (Acceptable) × 1`,
      ipn_callback_url: `${PUBLIC_URL}/api/payments/ipn`,
      success_url: `${PUBLIC_URL}/success`,
      cancel_url: `${PUBLIC_URL}/cancel`,
    });
    expect(await h.order(paymentId)).toMatchObject({
      provider: 'nowpayments',
      provider_invoice_id: '123',
      invoice_url: paymentUrl,
      payment_status: 'waiting',
    });
  });

  it.each([
    ['down (connection refused)', async () => void (current = nowPayments(await refusedApiUrl()))],
    ['answering 500', async () => void (standIn.mode = 'server-error')],
    ['slower than the deadline', async () => void (standIn.mode = 'slow')],
    ['answering something that is not an invoice', async () => void (standIn.mode = 'no-invoice-url')],
  ])('answers 502 with no order and the stock untouched when the provider is %s', async (_name, breakIt) => {
    const id = await h.newProduct(3);
    const before = await h.stock(id);
    const ordersBefore = (await h.allRows()).orders;
    await breakIt();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: alice,
      payload: h.purchase('alice', id),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: PROVIDER_DOWN });
    expect((await h.allRows()).orders).toEqual(ordersBefore);
    expect(await h.stock(id)).toEqual(before);
  });

  it('applies a verified callback and records it once', async () => {
    const paymentId = await buy(await h.newProduct());
    const body = callback(paymentId, 'confirming');
    const response = await ipn(body, sign(body));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await h.order(paymentId))!.payment_status).toBe('confirming');
    const events = await h.events(paymentId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ payment_id: paymentId, status: 'confirming' });
    expect(JSON.parse(events[0]!.body)).toEqual(body);
  });

  it('verifies a body whose keys, nested fee included, arrive in any order', async () => {
    const paymentId = await buy(await h.newProduct());
    const body = callback(paymentId, 'finished');
    const signature = sign(body);
    // The same callback as other text: keys reversed at every level, fee's too.
    const text =
      `{"updated_at":"2026-06-01T10:05:00.000Z","created_at":"2026-06-01T10:00:00.000Z",` +
      `"fee":{"serviceFee":0,"withdrawalFee":0,"depositFee":0.5,"currency":"btc"},` +
      `"outcome_currency":"usd","outcome_amount":19.5,"purchase_id":"4915279398",` +
      `"order_description":"Camera (Acceptable) × 1","order_id":"${paymentId}","pay_currency":"btc",` +
      `"actually_paid":0.00029,"pay_amount":0.00029,"price_currency":"usd","price_amount":19.99,` +
      `"pay_address":"bc1qexampleaddress","payment_status":"finished","invoice_id":123,"payment_id":${body.payment_id}}`;
    expect(JSON.parse(text)).toEqual(body);
    const response = await ipn(text, signature);
    expect(response.statusCode, response.body).toBe(200);
    expect((await h.order(paymentId))!.payment_status).toBe('finished');
  });

  it('refuses a forged, altered or unsigned callback and changes nothing', async () => {
    const id = await h.newProduct();
    const paymentId = await buy(id);
    const body = callback(paymentId, 'finished');
    const before = await h.allRows();
    const attempts: [string | undefined, object][] = [
      [undefined, body],
      ['', body],
      [sign(body, 'not the secret'), body],
      [sign(callback(paymentId, 'waiting')), body],
      // The fee is signed too: changing only it breaks the signature.
      [sign(body), { ...body, fee: { ...body.fee, depositFee: 0 } }],
      [sign(body).slice(0, 64), body],
      ['z'.repeat(128), body],
    ];
    for (const [signature, sent] of attempts) {
      const response = await ipn(sent, signature);
      expect(response.statusCode, `${signature}`).toBe(401);
      expect(response.json().error).toMatch(/payment callback/);
    }
    const notAnObject = await ipn('["finished"]', sign(['finished']));
    expect(notAnObject.statusCode).toBe(401);
    expect(await h.allRows()).toEqual(before);
  });

  it('answers a replay 200 and changes nothing twice: one row, the units given back once', async () => {
    const id = await h.newProduct(4);
    const paymentId = await buy(id);
    expect(await h.stock(id)).toEqual({ condition: 3, total: 4 });
    const body = callback(paymentId, 'failed');
    expect((await ipn(body, sign(body))).statusCode).toBe(200);
    expect(await h.stock(id)).toEqual({ condition: 4, total: 5 });
    const afterFirst = await h.allRows();
    for (let i = 0; i < 3; i += 1) {
      const replay = await ipn(body, sign(body));
      expect(replay.statusCode).toBe(200);
    }
    expect(await h.allRows()).toEqual(afterFirst);
    expect(await h.events(paymentId)).toHaveLength(1);
    expect(await h.stock(id)).toEqual({ condition: 4, total: 5 });
  });

  it('never moves a status back: a late waiting or confirming after finished leaves it finished', async () => {
    const id = await h.newProduct();
    const paymentId = await buy(id);
    for (const status of ['finished', 'waiting', 'confirming', 'expired']) {
      const body = callback(paymentId, status);
      expect((await ipn(body, sign(body))).statusCode).toBe(200);
    }
    const order = await h.order(paymentId);
    expect(order).toMatchObject({ payment_status: 'finished', stock_reserved: 1 });
    // Each was a verified callback of its own, so each is on record.
    expect((await h.events(paymentId)).map((event) => event.status).sort()).toEqual([
      'confirming',
      'expired',
      'finished',
      'waiting',
    ]);
  });

  it('answers 404 for an order it does not have and 400 for a status it does not know, recording neither', async () => {
    const paymentId = await buy(await h.newProduct());
    const before = await h.allRows();
    const unknownOrder = callback('ord_nosuchorder', 'finished');
    const missing = await ipn(unknownOrder, sign(unknownOrder));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'There is no order ord_nosuchorder.' });
    const badStatus = callback(paymentId, 'paid_in_full');
    const refused = await ipn(badStatus, sign(badStatus));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^Invalid field "payment_status": must be one of waiting, /);
    for (const orderId of [42, '', 'x'.repeat(65), 'ord 1']) {
      const badOrder = callback(paymentId, 'finished', { order_id: orderId });
      const response = await ipn(badOrder, sign(badOrder));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^Invalid field "order_id"/);
    }
    expect(await h.allRows()).toEqual(before);
  });

  it('refuses a body nested past any real callback with 401, not a crash', async () => {
    const body = `{"order_id":"ord_x","deep":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const response = await ipn(body, 'a'.repeat(128));
    expect(response.statusCode).toBe(401);
  });

  /** Signs a buyer of the test's own in and buys one unit of the product as them. */
  async function buyAs(sub: string, productId: number): Promise<{ headers: Headers; paymentId: string }> {
    const headers = await buyerHeaders(t, { sub });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers,
      payload: h.purchase(sub, productId),
    });
    expect(response.statusCode, response.body).toBe(201);
    return { headers, paymentId: response.json().payment_id };
  }
  /** The sweep as it runs `minutes` from now, with the default hold. */
  const sweepLater = (minutes: number) =>
    sweepUnpaidOrders(t.handle.db, new Date(Date.now() + minutes * 60_000), t.config.ORDER_HOLD_MINUTES);
  const signedIpn = (paymentId: string, status: string) => {
    const body = callback(paymentId, status);
    return ipn(body, sign(body));
  };
  const adminOrder = async (paymentId: string) => {
    const response = await t.app.inject({
      url: '/api/admin-purchases?pageSize=200',
      headers: await adminHeaders(t),
    });
    return (response.json() as { payment_id: string; needs_attention: boolean }[]).find(
      (order) => order.payment_id === paymentId,
    );
  };

  it.each(['confirming', 'confirmed', 'sending', 'partially_paid', 'finished'])(
    'revives an order the sweep expired when %s arrives late, holding its units again',
    async (status) => {
      const id = await h.newProduct(1);
      const { paymentId } = await buyAs(`late-${status}`, id);
      expect(await sweepLater(61)).toBeGreaterThanOrEqual(1);
      expect(await h.order(paymentId)).toMatchObject({ payment_status: 'expired', stock_reserved: 0 });
      expect((await h.stock(id)).condition).toBe(1);

      const response = await signedIpn(paymentId, status);
      expect(response.statusCode, response.body).toBe(200);
      expect(await h.order(paymentId)).toMatchObject({
        payment_status: status,
        stock_reserved: 1,
        needs_attention: 0,
      });
      expect(await h.stock(id)).toEqual({ condition: 0, total: 1 });
      expect((await adminOrder(paymentId))?.needs_attention).toBe(false);
      expect((await h.events(paymentId)).map((event) => event.status)).toEqual([status]);
    },
  );

  it('keeps a late-paid order whose units were sold meanwhile, flagged for the seller and logged', async () => {
    const id = await h.newProduct(1);
    const late = await buyAs('late-sold-out', id);
    await sweepLater(61);
    const other = await buyAs('quick-buyer', id);
    expect(await h.stock(id)).toEqual({ condition: 0, total: 1 });

    const body = callback(late.paymentId, 'finished');
    const log = { error: vi.fn(), warn: vi.fn() };
    const rawBody = Buffer.from(JSON.stringify(body));
    const headers = { 'x-nowpayments-sig': sign(body) };
    standIn.holdPaymentOf(body);
    const nowPayments = registeredProvider('nowpayments');
    await receiveCallback(
      t.handle.db,
      nowPayments,
      nowPaymentsIpnReader({ apiUrl: standIn.apiUrl, apiKey: STAND_IN_API_KEY }, IPN_SECRET),
      { headers, rawBody },
      log,
    );
    expect(await h.order(late.paymentId)).toMatchObject({
      payment_status: 'finished',
      stock_reserved: 0,
      needs_attention: 1,
    });
    expect(log.error).toHaveBeenCalledOnce();
    expect(log.error.mock.calls[0]![0]).toMatchObject({ paymentId: late.paymentId, status: 'finished' });
    expect(await h.stock(id)).toEqual({ condition: 0, total: 1 });
    expect((await adminOrder(late.paymentId))?.needs_attention).toBe(true);
    // The other buyer's units are theirs alone: deleting their order gives back exactly one.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${other.paymentId}`,
      headers: other.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await h.stock(id)).toEqual({ condition: 1, total: 2 });
    expect(await h.order(late.paymentId)).toMatchObject({ payment_status: 'finished', stock_reserved: 0 });
  });

  it('brings a failed order back, paid late, when money still arrives; never a refunded one (issue 33)', async () => {
    const id = await h.newProduct(5);
    const failed = await buyAs('failed-then-paid', id);
    const refunded = await buyAs('refunded-then-paid', id);
    await signedIpn(failed.paymentId, 'failed');
    await signedIpn(refunded.paymentId, 'finished');
    await signedIpn(refunded.paymentId, 'refunded');
    const before = await h.stock(id);
    for (const status of ['confirming', 'partially_paid', 'finished']) {
      expect((await signedIpn(failed.paymentId, status)).statusCode).toBe(200);
      expect((await signedIpn(refunded.paymentId, status)).statusCode).toBe(200);
    }
    // The buyer paid after all: the order holds its unit again, flagged paid late for the seller.
    expect(await h.order(failed.paymentId)).toMatchObject({
      payment_status: 'finished',
      stock_reserved: 1,
      paid_late: 1,
    });
    expect(await h.order(refunded.paymentId)).toMatchObject({
      payment_status: 'refunded',
      stock_reserved: 0,
    });
    expect(await h.stock(id)).toEqual({ condition: before.condition - 1, total: before.total - 1 });
  });

  it('revives an expired order once when two late callbacks race, and lets the later status win', async () => {
    const id = await h.newProduct(5);
    const { paymentId } = await buyAs('late-race', id);
    await sweepLater(61);
    expect((await h.stock(id)).condition).toBe(5);
    const answers = await Promise.all([
      signedIpn(paymentId, 'confirming'),
      signedIpn(paymentId, 'finished'),
      signedIpn(paymentId, 'confirmed'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await h.order(paymentId)).toMatchObject({ payment_status: 'finished', stock_reserved: 1 });
    expect(await h.stock(id)).toEqual({ condition: 4, total: 5 });
  });

  it('does not expire an order whose payment the provider reported within the hold', async () => {
    const id = await h.newProduct(3);
    const { paymentId } = await buyAs('started-paying', id);
    // NOWPayments says 'waiting' once the buyer has opened a payment and it awaits the coins.
    expect((await signedIpn(paymentId, 'waiting')).statusCode).toBe(200);
    await t.handle.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('payment_id', '=', paymentId)
      .execute();
    await sweepUnpaidOrders(t.handle.db, new Date(), t.config.ORDER_HOLD_MINUTES);
    expect(await h.order(paymentId)).toMatchObject({ payment_status: 'waiting', stock_reserved: 1 });
    // A whole hold without a word from the provider: now it expires.
    await sweepLater(61);
    expect(await h.order(paymentId)).toMatchObject({ payment_status: 'expired', stock_reserved: 0 });
  });

  it('follows a payment that falls short after confirming, then is topped up and finishes', async () => {
    const id = await h.newProduct(3);
    const { paymentId } = await buyAs('short-payer', id);
    for (const status of ['confirming', 'confirmed', 'partially_paid', 'confirming', 'finished']) {
      expect((await signedIpn(paymentId, status)).statusCode).toBe(200);
      expect((await h.order(paymentId))!.payment_status, status).toBe(status);
    }
    expect(await h.order(paymentId)).toMatchObject({ stock_reserved: 1 });
    expect(await h.stock(id)).toEqual({ condition: 2, total: 3 });
  });

  it('has no sandbox payment page while NOWPayments takes the payments', async () => {
    const paymentId = await buy(await h.newProduct());
    for (const method of ['GET', 'POST'] as const) {
      const url = `/api/payments/sandbox/${paymentId}${method === 'POST' ? '/pay' : ''}`;
      const response = await t.app.inject({ method, url, headers: alice });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatch(/sandbox payment page is off/);
    }
    expect((await h.order(paymentId))!.payment_status).toBe('waiting');
  });
});

describe.each(TEST_DIALECTS)('the sandbox payment page on %s', (dialect) => {
  let t: TestApp;
  let alice: Headers;
  let bob: Headers;
  const h = shared(() => t);

  beforeAll(async () => {
    // No API key: the config selects the sandbox, as it would in main.ts.
    t = await createTestApp(dialect);
    alice = await buyerHeaders(t, { sub: 'alice' });
    bob = await buyerHeaders(t, { sub: 'bob' });
  });
  afterAll(() => t.close());

  async function buy(productId: number): Promise<{ payment_id: string; payment_url: string }> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: alice,
      payload: h.purchase('alice', productId),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const view = (paymentId: string, headers: Partial<Headers> = alice) =>
    t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${paymentId}`, headers });
  const pay = (paymentId: string, headers: Partial<Headers> = alice) =>
    t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${paymentId}/pay`, headers });

  it("sends the buyer to this app's /pay page and shows the order there", async () => {
    const id = await h.newProduct();
    const created = await buy(id);
    expect(t.app.deps.paymentProvider.name).toBe('sandbox');
    expect(created.payment_url).toBe(`/pay/${created.payment_id}`);
    expect(await h.order(created.payment_id)).toMatchObject({
      provider: 'sandbox',
      provider_invoice_id: `sandbox-${created.payment_id}`,
    });
    const response = await view(created.payment_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      payment_id: created.payment_id,
      title: `Camera ${id}`,
      condition: 'acceptable',
      quantity: 1,
      total_amount: '19.99',
      payment_status: 'waiting',
      lines: [
        {
          payment_id: created.payment_id,
          title: `Camera ${id}`,
          condition: 'acceptable',
          quantity: 1,
          total_amount: '19.99',
        },
      ],
      amount_paid: null,
    });
  });

  it('Pay marks the order finished and keeps its units sold; a second press is still a success', async () => {
    const id = await h.newProduct(2);
    const { payment_id: paymentId } = await buy(id);
    const response = await pay(paymentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ payment_id: paymentId, payment_status: 'finished' });
    expect(await h.order(paymentId)).toMatchObject({ payment_status: 'finished', stock_reserved: 1 });
    expect(await h.stock(id)).toEqual({ condition: 1, total: 2 });
    const again = await pay(paymentId);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment_status).toBe('finished');
    const mine = await t.app.inject({ url: '/api/my-purchases/alice', headers: alice });
    expect(mine.json().find((p: { payment_id: string }) => p.payment_id === paymentId).payment_status).toBe(
      'finished',
    );
  });

  it("refuses another buyer's order with 403 and an anonymous caller with 401, changing nothing", async () => {
    const { payment_id: paymentId } = await buy(await h.newProduct());
    const before = await h.allRows();
    for (const call of [view, pay]) {
      const other = await call(paymentId, bob);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: 'That order is not yours.' });
      const anonymous = await call(paymentId, {});
      expect(anonymous.statusCode).toBe(401);
      const forged = await call(paymentId, { authorization: 'Bearer not-a-token' });
      expect(forged.statusCode).toBe(401);
    }
    expect(await h.allRows()).toEqual(before);
  });

  it('will not take payment for an order that expired or failed (409), and gives no units back twice', async () => {
    const id = await h.newProduct(3);
    const expired = (await buy(id)).payment_id;
    const failed = (await buy(id)).payment_id;
    await applyPaymentStatus(t.handle.db, expired, 'expired');
    await applyPaymentStatus(t.handle.db, failed, 'failed');
    const before = await h.allRows();
    const late = await pay(expired);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/expired before it was paid/);
    const refused = await pay(failed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/payment for this order failed/);
    expect(await h.allRows()).toEqual(before);
    expect(await h.stock(id)).toEqual({ condition: 3, total: 4 });
  });

  it('answers 404 for an unknown order, 400 for a malformed reference, 409 for an order invoiced elsewhere', async () => {
    expect((await view('ord_nosuchorder')).statusCode).toBe(404);
    expect((await pay('ord_nosuchorder')).json()).toEqual({ error: 'There is no order ord_nosuchorder.' });
    const malformed = await pay('bad%20id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/payment_id/);
    const { payment_id: paymentId } = await buy(await h.newProduct());
    await t.handle.db
      .updateTable('orders')
      .set({ provider: 'nowpayments' })
      .where('payment_id', '=', paymentId)
      .execute();
    const elsewhere = await pay(paymentId);
    expect(elsewhere.statusCode).toBe(409);
    expect((await h.order(paymentId))!.payment_status).toBe('waiting');
  });

  it('has no callback endpoint: a signed IPN is answered 404 and changes nothing', async () => {
    const { payment_id: paymentId } = await buy(await h.newProduct());
    const body = callback(paymentId, 'finished');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/ipn',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': sign(body) },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(404);
    expect((await h.order(paymentId))!.payment_status).toBe('waiting');
    expect(await h.events(paymentId)).toHaveLength(0);
  });
});
