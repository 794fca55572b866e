import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatePurchaseBody } from '../../../shared/schemas/buying.js';
import { ConfigError, loadConfig } from '../../config.js';
import { addProduct, conditions, SHIPPING } from '../../test/fixtures.js';
import {
  BTCPAY_STAND_IN_API_KEY as API_KEY,
  BTCPAY_STAND_IN_STORE as STORE,
  type BtcPayStandIn,
  startBtcPayStandIn,
} from '../../test/btcpay-stand-in.js';
import { buyerHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import {
  type NowPaymentsStandIn,
  refusedApiUrl,
  STAND_IN_API_KEY as NOWPAYMENTS_KEY,
  startNowPaymentsStandIn,
} from '../../test/nowpayments-stand-in.js';
import { createPurchase } from '../orders/index.js';
import { PaymentProviderError } from './provider.js';
import { selectPaymentProvider } from '../payments/index.js';
import { BtcPayProvider } from './btcpay.js';
import { NowPaymentsProvider } from './nowpayments.js';

const SECRET = 'btcpay-webhook-secret';
const IPN_SECRET = 'ipn-secret';
const PUBLIC_URL = 'https://shop.example';

const REQUEST = { paymentId: 'ord_abc', priceUsd: '39.98', description: 'Camera (Good) × 2' };

describe('BtcPayProvider against a local stand-in', () => {
  let standIn: BtcPayStandIn;
  const provider = (options: { url?: string; apiKey?: string; timeoutMs?: number } = {}) =>
    new BtcPayProvider({
      url: options.url ?? `${standIn.url}/`,
      apiKey: options.apiKey ?? API_KEY,
      storeId: STORE,
      publicUrl: `${PUBLIC_URL}/`,
      timeoutMs: options.timeoutMs ?? 2_000,
    });
  beforeAll(async () => {
    standIn = await startBtcPayStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.mode = 'ok';
    standIn.requests = [];
  });

  it('POSTs the invoice to the store with the API key and hands back its checkoutLink', async () => {
    const invoice = await provider().createInvoice(REQUEST);
    expect(invoice.invoiceUrl).toBe(`${standIn.url}/i/${invoice.invoiceId}`);
    expect(standIn.requests).toEqual([
      {
        method: 'POST',
        path: `/api/v1/stores/${STORE}/invoices`,
        authorization: `token ${API_KEY}`,
        body: {
          amount: '39.98',
          currency: 'USD',
          metadata: { orderId: 'ord_abc' },
          checkout: { redirectURL: `${PUBLIC_URL}/success` },
        },
      },
    ]);
  });

  it.each([
    ['a 500', 'server-error', {}, /answered 500/],
    ['a refused API key', 'ok', { apiKey: 'wrong' }, /answered 401/],
    ['an answer that is not JSON', 'not-json', {}, /other than JSON/],
    ['a redirect (it would carry the API key along)', 'redirect', {}, /could not be reached/],
    ['a checkoutLink that is no web address', 'bad-link', {}, /usable checkoutLink/],
    ['a deadline passed', 'slow', { timeoutMs: 300 }, /^BTCPay Server did not answer within 300 ms\.$/],
  ] as const)('throws PaymentProviderError on %s', async (_name, mode, options, message) => {
    standIn.mode = mode;
    const error = await provider(options)
      .createInvoice(REQUEST)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).toMatch(message);
  });

  it('throws PaymentProviderError when the server is down', async () => {
    const url = (await refusedApiUrl()).replace(/\/v1$/, '');
    await expect(provider({ url }).createInvoice(REQUEST)).rejects.toThrow(/could not be reached/);
  });
});

describe('PAYMENT_PROVIDER=btcpay', () => {
  const env = {
    DATA_DIR: '/tmp/x',
    PAYMENT_PROVIDER: 'btcpay',
    BTCPAY_URL: 'https://btcpay.example',
    BTCPAY_API_KEY: 'k',
    BTCPAY_STORE_ID: 's',
    BTCPAY_WEBHOOK_SECRET: 'w',
    PUBLIC_URL,
  };
  it('picks BTCPay Server, and refuses to start without each of its settings, naming it', () => {
    expect(selectPaymentProvider(loadConfig(env)).name).toBe('btcpay');
    const run = () => selectPaymentProvider(loadConfig({ ...env, BTCPAY_STORE_ID: '', PUBLIC_URL: '' }));
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/BTCPAY_STORE_ID is required for PAYMENT_PROVIDER btcpay/);
    expect(run).toThrow(/PUBLIC_URL is required for PAYMENT_PROVIDER btcpay/);
    expect(() => loadConfig({ ...env, BTCPAY_URL: 'ftp://x' })).toThrow(/BTCPAY_URL must start with http/);
    expect(() => loadConfig({ ...env, PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /PAYMENT_PROVIDER must be sandbox, nowpayments or btcpay/,
    );
  });
});

const hmac = (text: string, secret = SECRET) =>
  `sha256=${crypto.createHmac('sha256', secret).update(text).digest('hex')}`;
const ipnSign = (body: object) => {
  const sorted = Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
  return crypto.createHmac('sha512', IPN_SECRET).update(JSON.stringify(sorted)).digest('hex');
};

/** An app on `dialect` that takes BTCPay Server or NOWPayments payments, with both providers' callbacks set up. */
function providerSwitchSuite(dialect: (typeof TEST_DIALECTS)[number], configured: 'btcpay' | 'nowpayments') {
  let t: TestApp;
  let btcpay: BtcPayStandIn;
  let nowpayments: NowPaymentsStandIn;
  let nextProductId = 1;
  let nextDelivery = 1;
  let nextBuyer = 1;
  const btcPayProvider = () =>
    new BtcPayProvider({ url: btcpay.url, apiKey: API_KEY, storeId: STORE, publicUrl: PUBLIC_URL });
  const nowPaymentsProvider = () =>
    new NowPaymentsProvider({ apiUrl: nowpayments.apiUrl, apiKey: NOWPAYMENTS_KEY, publicUrl: PUBLIC_URL });

  beforeAll(async () => {
    [btcpay, nowpayments] = await Promise.all([startBtcPayStandIn(), startNowPaymentsStandIn()]);
    t = await createTestApp(dialect, {
      PAYMENT_PROVIDER: configured,
      BTCPAY_URL: btcpay.url,
      BTCPAY_API_KEY: API_KEY,
      BTCPAY_STORE_ID: STORE,
      BTCPAY_WEBHOOK_SECRET: SECRET,
      NOWPAYMENTS_API_URL: nowpayments.apiUrl,
      NOWPAYMENTS_API_KEY: NOWPAYMENTS_KEY,
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
      PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([btcpay.close(), nowpayments.close()]);
  });
  beforeEach(() => {
    btcpay.requests = [];
  });

  const db = () => t.handle.db;
  async function newProduct(units = 5): Promise<number> {
    const id = nextProductId++;
    await addProduct(db(), 'ayz', id, { title: `Camera ${id}` }, conditions([1999, units], [2999, 1]));
    return id;
  }
  const body = (productId: number, sub = 'alice'): CreatePurchaseBody => ({
    google_id: sub,
    store: 'ayz',
    product_id: productId,
    condition: 'acceptable',
    quantity: 1,
    ...SHIPPING,
  });
  /** An order bought under `provider`, whatever PAYMENT_PROVIDER says now (as if made before a switch). */
  async function orderUnder(provider: 'btcpay' | 'nowpayments', productId?: number): Promise<string> {
    const maker = provider === 'btcpay' ? btcPayProvider() : nowPaymentsProvider();
    // A buyer per order: one buyer may hold only a few unpaid orders.
    const sub = `buyer-${nextBuyer++}`;
    const user = { sub, name: sub, email: `${sub}@example.com`, picture: '' };
    const made = await createPurchase(db(), maker, user, body(productId ?? (await newProduct()), sub));
    return made.payment_id;
  }
  const order = (paymentId: string) =>
    db().selectFrom('orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
  const allRows = async () => ({
    orders: await db().selectFrom('orders').selectAll().orderBy('id').execute(),
    events: await db().selectFrom('payment_events').selectAll().orderBy('event_key').execute(),
  });
  const stock = async (productId: number) =>
    (
      await db()
        .selectFrom('product_conditions')
        .select('available_quantity')
        .where('product_id', '=', productId)
        .where('condition', '=', 'acceptable')
        .executeTakeFirstOrThrow()
    ).available_quantity;

  const event = (type: string, invoiceId: string | undefined, extra: Record<string, unknown> = {}) => ({
    deliveryId: `Del${nextDelivery++}`,
    webhookId: 'Hook1',
    originalDeliveryId: null,
    isRedelivery: false,
    type,
    timestamp: 1_780_000_000,
    storeId: STORE,
    invoiceId,
    metadata: {},
    ...extra,
  });
  /** POSTs a webhook as BTCPay Server does: the text as given, signed (or not) in BTCPay-Sig. */
  const webhook = (payload: object | string, signature: string | undefined = undefined, sign = true) => {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const sig = signature ?? (sign ? hmac(text) : undefined);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/btcpay/webhook',
      headers: { 'content-type': 'application/json', ...(sig === undefined ? {} : { 'btcpay-sig': sig }) },
      payload: text,
    });
  };
  const settle = (paymentId: string, status = 'Settled', additionalStatus = 'None') =>
    Object.assign(btcpay.invoiceOf(paymentId), { status, additionalStatus });
  const invoiceReads = () => btcpay.requests.filter((request) => request.method === 'GET');

  return {
    db,
    newProduct,
    body,
    orderUnder,
    order,
    allRows,
    stock,
    event,
    webhook,
    settle,
    invoiceReads,
    app: () => t,
    btcpay: () => btcpay,
    nowpayments: () => nowpayments,
  };
}

describe.each(TEST_DIALECTS)('BTCPay Server webhooks on %s', (dialect) => {
  const s = providerSwitchSuite(dialect, 'btcpay');

  it('sends the buyer to the checkoutLink and stores btcpay and the invoice id on the order', async () => {
    const productId = await s.newProduct();
    const t = s.app();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: await buyerHeaders(t, { sub: 'alice' }),
      payload: s.body(productId),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { payment_id: paymentId, payment_url: paymentUrl } = response.json();
    const invoice = s.btcpay().invoiceOf(paymentId);
    expect(paymentUrl).toBe(invoice.checkoutLink);
    expect(invoice.amount).toBe('19.99');
    expect(await s.order(paymentId)).toMatchObject({
      provider: 'btcpay',
      provider_invoice_id: invoice.id,
      payment_status: 'waiting',
    });
  });

  it('marks the order paid on InvoiceSettled, after re-reading the invoice, and records the delivery', async () => {
    const paymentId = await s.orderUnder('btcpay');
    const { id } = s.settle(paymentId);
    const sent = s.event('InvoiceSettled', id);
    const response = await s.webhook(sent);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await s.order(paymentId)).payment_status).toBe('finished');
    expect(s.invoiceReads()).toEqual([
      expect.objectContaining({
        path: `/api/v1/stores/${STORE}/invoices/${id}`,
        authorization: `token ${API_KEY}`,
      }),
      // What arrived, in the invoice's currency (issue 18).
      expect.objectContaining({
        path: `/api/v1/stores/${STORE}/invoices/${id}/payment-methods`,
        authorization: `token ${API_KEY}`,
      }),
    ]);
    const events = await s
      .db()
      .selectFrom('payment_events')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .execute();
    expect(events).toMatchObject([{ event_key: `btcpay:${sent.deliveryId}`, status: 'finished' }]);
  });

  it('refuses a missing, forged or malformed signature with 401, before reading anything', async () => {
    const paymentId = await s.orderUnder('btcpay');
    const { id } = s.settle(paymentId);
    const sent = s.event('InvoiceSettled', id);
    const text = JSON.stringify(sent);
    const before = await s.allRows();
    const missing = await s.webhook(text, undefined, false);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe(
      'The BTCPay Server webhook is not signed: the BTCPay-Sig header is missing.',
    );
    for (const signature of [
      hmac(text, 'not the secret'),
      hmac(`${text} `),
      hmac(text).replace('sha256=', 'sha512='),
      hmac(text).slice(0, 40),
      '',
      'sha256=' + 'z'.repeat(64),
    ]) {
      const forged = await s.webhook(text, signature);
      expect(forged.statusCode, signature).toBe(401);
      expect(forged.json().error).toBe('The BTCPay Server webhook signature does not match its body.');
    }
    // Signed over other bytes: the body as sent is what counts, not its JSON meaning.
    const respaced = await s.webhook(JSON.stringify(sent, null, 2), hmac(text));
    expect(respaced.statusCode).toBe(401);
    expect(await s.allRows()).toEqual(before);
    expect(s.invoiceReads()).toEqual([]);
  });

  it('changes nothing on a redelivery, without asking BTCPay Server again', async () => {
    const paymentId = await s.orderUnder('btcpay');
    const { id } = s.settle(paymentId, 'Processing');
    const first = s.event('InvoiceProcessing', id);
    expect((await s.webhook(first)).statusCode).toBe(200);
    expect((await s.order(paymentId)).payment_status).toBe('confirming');
    s.settle(paymentId, 'Settled');
    const before = await s.allRows();
    const reads = s.invoiceReads().length;
    const again = await s.webhook({ ...first, isRedelivery: true });
    expect(again.statusCode).toBe(200);
    const redelivered = await s.webhook({
      ...first,
      deliveryId: 'DelRedo1',
      originalDeliveryId: first.deliveryId,
      isRedelivery: true,
    });
    expect(redelivered.statusCode).toBe(200);
    expect(await s.allRows()).toEqual(before);
    expect(s.invoiceReads()).toHaveLength(reads);
  });

  it('applies the invoice status it re-reads, not the one the webhook claims', async () => {
    const paymentId = await s.orderUnder('btcpay');
    const { id } = s.settle(paymentId, 'Processing');
    expect((await s.webhook(s.event('InvoiceSettled', id))).statusCode).toBe(200);
    expect((await s.order(paymentId)).payment_status).toBe('confirming');
    s.settle(paymentId, 'Settled');
    expect((await s.webhook(s.event('InvoiceExpired', id))).statusCode).toBe(200);
    expect((await s.order(paymentId)).payment_status).toBe('finished');
  });

  it('reads a partial payment as partially_paid, then paid in full as finished', async () => {
    const paymentId = await s.orderUnder('btcpay');
    const { id } = s.settle(paymentId, 'New', 'PaidPartial');
    const partial = s.event('InvoiceReceivedPayment', id, {
      paymentMethod: 'BTC-CHAIN',
      payment: { value: '0.0001' },
    });
    expect((await s.webhook(partial)).statusCode).toBe(200);
    expect((await s.order(paymentId)).payment_status).toBe('partially_paid');
    s.settle(paymentId, 'Settled');
    expect((await s.webhook(s.event('InvoiceSettled', id))).statusCode).toBe(200);
    expect((await s.order(paymentId)).payment_status).toBe('finished');
  });

  it.each([
    ['InvoiceExpired', 'Expired', 'expired'],
    ['InvoiceInvalid', 'Invalid', 'failed'],
  ])('reads %s as %s and gives the units back once', async (type, status, ours) => {
    const productId = await s.newProduct(3);
    const paymentId = await s.orderUnder('btcpay', productId);
    expect(await s.stock(productId)).toBe(2);
    const { id } = s.settle(paymentId, status);
    expect((await s.webhook(s.event(type, id))).statusCode).toBe(200);
    expect((await s.webhook(s.event(type, id))).statusCode).toBe(200);
    expect(await s.order(paymentId)).toMatchObject({ payment_status: ours, stock_reserved: 0 });
    expect(await s.stock(productId)).toBe(3);
  });

  it('acknowledges events that move no order (InvoiceCreated) and changes nothing', async () => {
    const paymentId = await s.orderUnder('btcpay');
    const before = await s.allRows();
    const response = await s.webhook(s.event('InvoiceCreated', s.btcpay().invoiceOf(paymentId).id));
    expect(response.statusCode).toBe(200);
    expect(await s.allRows()).toEqual(before);
  });

  it('answers a signed body it cannot use with a 4xx sentence, never a 500, and changes nothing', async () => {
    const paymentId = await s.orderUnder('btcpay');
    const other = await s.orderUnder('btcpay');
    const { id } = s.settle(paymentId);
    const before = await s.allRows();
    const cases: [object | string, number, RegExp][] = [
      ['{"deliveryId":', 400, /not valid JSON/],
      ['', 400, /Invalid field/],
      ['["InvoiceSettled"]', 400, /Invalid field/],
      ['{"__proto__":{"x":1}}', 400, /__proto__/],
      [{ ...s.event('InvoiceSettled', id), deliveryId: undefined }, 400, /^Invalid field "deliveryId"/],
      [{ ...s.event('InvoiceSettled', id), deliveryId: 'a b' }, 400, /^Invalid field "deliveryId"/],
      [s.event('InvoiceSettled', undefined), 400, /^Invalid field "invoiceId"/],
      [{ ...s.event('InvoiceSettled', id), invoiceId: '../../x' }, 400, /^Invalid field "invoiceId"/],
      [{ ...s.event('InvoiceSettled', id), type: 42 }, 400, /^Invalid field "type"/],
      [s.event('InvoiceSettled', 'NoSuchInvoice'), 404, /has no invoice NoSuchInvoice/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await s.webhook(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toMatch(message);
    }
    // An invoice naming another order than the one it was made for (or a foreign one) settles nothing.
    Object.assign(s.btcpay().invoices.get(id)!, { metadata: { orderId: other } });
    const swapped = await s.webhook(s.event('InvoiceSettled', id));
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json().error).toMatch(/is not the one made for order/);
    Object.assign(s.btcpay().invoices.get(id)!, { metadata: {} });
    expect((await s.webhook(s.event('InvoiceSettled', id))).statusCode).toBe(404);
    const wrongType = await s.app().app.inject({
      method: 'POST',
      url: '/api/payments/btcpay/webhook',
      headers: { 'content-type': 'text/plain', 'btcpay-sig': hmac('x') },
      payload: 'x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(await s.allRows()).toEqual(before);
  });

  it('still settles an order made under NOWPayments through its IPN, and keeps each provider to its own', async () => {
    const paymentId = await s.orderUnder('nowpayments');
    expect((await s.order(paymentId)).provider).toBe('nowpayments');
    const btcpayOrder = await s.orderUnder('btcpay');
    const { id } = s.settle(btcpayOrder);
    // A BTCPay invoice that names the NOWPayments order settles nothing.
    Object.assign(s.btcpay().invoices.get(id)!, { metadata: { orderId: paymentId } });
    const crossed = await s.webhook(s.event('InvoiceSettled', id));
    expect(crossed.statusCode).toBe(409);
    expect(crossed.json().error).toMatch(/is paid through nowpayments, not BTCPay Server/);
    expect((await s.order(paymentId)).payment_status).toBe('waiting');

    // Bound to its invoice (issue 33): an IPN applies only to the order whose invoice it names.
    const ipn = {
      payment_id: 5_077_125_051,
      order_id: paymentId,
      invoice_id: (await s.order(paymentId)).provider_invoice_id,
      payment_status: 'finished',
      price_amount: 19.99,
      price_currency: 'usd',
    };
    // The IPN is read back from NOWPayments' API: the stand-in holds its payment as the IPN reports it.
    s.nowpayments().holdPaymentOf(ipn);
    const response = await s.app().app.inject({
      method: 'POST',
      url: '/api/payments/ipn',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': ipnSign(ipn) },
      payload: JSON.stringify(ipn),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await s.order(paymentId)).payment_status).toBe('finished');
    // And NOWPayments cannot settle a BTCPay order.
    const stray = {
      payment_id: 5_077_125_052,
      order_id: btcpayOrder,
      payment_status: 'finished',
      price_amount: 19.99,
      price_currency: 'usd',
    };
    s.nowpayments().holdPaymentOf(stray);
    const refused = await s.app().app.inject({
      method: 'POST',
      url: '/api/payments/ipn',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': ipnSign(stray) },
      payload: JSON.stringify(stray),
    });
    expect(refused.statusCode).toBe(409);
    expect((await s.order(btcpayOrder)).payment_status).toBe('waiting');
  });
});

describe.each(TEST_DIALECTS)('a shop back on NOWPayments on %s', (dialect) => {
  const s = providerSwitchSuite(dialect, 'nowpayments');

  it('still settles an order made under BTCPay Server through its webhook', async () => {
    expect(s.app().app.deps.paymentProvider.name).toBe('nowpayments');
    const paymentId = await s.orderUnder('btcpay');
    const { id } = s.settle(paymentId);
    const response = await s.webhook(s.event('InvoiceSettled', id));
    expect(response.statusCode, response.body).toBe(200);
    expect((await s.order(paymentId)).payment_status).toBe('finished');
  });
});

describe.each(TEST_DIALECTS)('a shop without BTCPay Server on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers its webhook 404 with a sentence', async () => {
    const text = '{"deliveryId":"d1","type":"InvoiceSettled","invoiceId":"Inv1"}';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/btcpay/webhook',
      headers: { 'content-type': 'application/json', 'btcpay-sig': hmac(text) },
      payload: text,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/callbacks from BTCPay Server are off/);
  });
});
