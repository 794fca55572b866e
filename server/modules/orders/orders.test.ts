import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { addProduct, conditions, SHIPPING } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { signSessionToken } from '../buyers/session-token.js';
import { HttpError } from '../../http/errors.js';
import { MAX_OPEN_ORDERS_PER_BUYER } from '../../../shared/schemas/buying.js';
import {
  createPurchase,
  INVOICE_NEVER_MS,
  INVOICE_TIMEOUT_MS,
  INVOICELESS_HOLD_MS,
  type Invoice,
  type InvoiceIssuer,
  type InvoiceRequest,
} from './checkout.js';
import { applyPaymentStatus } from './payment-status.js';
import { sweepUnpaidOrders } from './sweep.js';

/** What a provider throws when it fails (payments' PaymentProviderError, which orders does not know). */
class ProviderFailure extends Error {}

/** A stand-in provider that records what it was asked and can be told to fail or to stall. */
class StandInProvider implements InvoiceIssuer {
  readonly name = 'sandbox' as const;
  requests: InvoiceRequest[] = [];
  failure: Error | undefined;
  stall = false;

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    this.requests.push(request);
    if (this.failure) throw this.failure;
    if (this.stall) return new Promise<Invoice>(() => {});
    return { invoiceId: `inv-${request.paymentId}`, invoiceUrl: `https://pay.example/${request.paymentId}` };
  }
}

type Headers = { authorization: string };

async function signedBuyer(t: TestApp, sub: string): Promise<Headers> {
  const user = { sub, name: `Buyer ${sub}`, email: `${sub}@example.com`, picture: '' };
  return { authorization: `Bearer ${await signSessionToken(t.app.deps.secrets.sessionSecret, user)}` };
}

describe.each(TEST_DIALECTS)('purchases and orders on %s', (dialect) => {
  let t: TestApp;
  let alice: Headers;
  let bob: Headers;
  let admin: Headers;
  const provider = new StandInProvider();
  let nextProductId = 1;

  /** A fresh open-box product: acceptable 19.99 × units, good 29.99 ×0, verygood no price ×4, excellent 49.99 ×2. */
  async function newProduct(units = 5): Promise<number> {
    const id = nextProductId++;
    await addProduct(
      t.handle.db,
      'ayz',
      id,
      { title: `Camera ${id}`, image_count: 2 },
      conditions([1999, units], [2999, 0], [0, 4], [4999, 2]),
    );
    return id;
  }

  const purchase = (sub: string, productId: number, change: Record<string, unknown> = {}) => ({
    google_id: sub,
    product_id: productId,
    store: 'ayz',
    condition: 'acceptable',
    quantity: 1,
    total_amount: 0.01,
    ...SHIPPING,
    ...change,
  });

  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Partial<Headers>,
    payload?: unknown,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  const buy = async (headers: Headers, body: ReturnType<typeof purchase>) => {
    const response = await call('POST', '/api/create-purchase', headers, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { payment_url: string; payment_id: string };
  };

  async function stock(productId: number, condition = 'acceptable') {
    const db = t.handle.db;
    const row = await db
      .selectFrom('product_conditions')
      .select('available_quantity')
      .where('shop', '=', 'ayz')
      .where('product_id', '=', productId)
      .where('condition', '=', condition)
      .executeTakeFirstOrThrow();
    const product = await db
      .selectFrom('products')
      .select(['stock_quantity', 'updated_at'])
      .where('shop', '=', 'ayz')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return {
      condition: row.available_quantity,
      /** Units on sale: the priced conditions' (Very Good's 4 unpriced ones are not counted). */
      total: product.stock_quantity,
      updatedAt: product.updated_at,
    };
  }

  const order = (paymentId: string) =>
    t.handle.db.selectFrom('orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();

  /** Everything an order call could change, to check that a refused call changed none of it. */
  async function storedState() {
    const db = t.handle.db;
    return {
      orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
      conditions: await db
        .selectFrom('product_conditions')
        .selectAll()
        .orderBy('product_id')
        .orderBy('condition')
        .execute(),
      products: await db
        .selectFrom('products')
        .select(['id', 'stock_quantity', 'updated_at'])
        .orderBy('id')
        .execute(),
    };
  }

  const backdate = (paymentId: string, minutes: number) =>
    t.handle.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .where('payment_id', '=', paymentId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { paymentProvider: provider });
    alice = await signedBuyer(t, 'alice');
    bob = await signedBuyer(t, 'bob');
    admin = await adminHeaders(t);
  });
  afterAll(() => t.close());
  // Alice buys in most tests; each starts with no open orders of hers, or the cap of
  // MAX_OPEN_ORDERS_PER_BUYER would carry over from one test to the next.
  beforeEach(async () => {
    await t.handle.db.deleteFrom('orders').where('user_id', '=', 'alice').execute();
  });

  it('prices the order from the database, never from the client total, and reserves its units', async () => {
    const id = await newProduct(5);
    const before = await stock(id);
    const created = await buy(alice, purchase('alice', id, { quantity: 2, total_amount: 0.01 }));
    expect(created.payment_id).toMatch(/^ord_[\w-]{20,}$/);
    expect(created.payment_url).toBe(`https://pay.example/${created.payment_id}`);
    expect(provider.requests.at(-1)).toEqual({
      paymentId: created.payment_id,
      priceUsd: '39.98',
      description: `Camera ${id} (Acceptable) × 2`,
    });
    expect(await order(created.payment_id)).toMatchObject({
      user_id: 'alice',
      unit_price_cents: 1999,
      total_cents: 3998,
      quantity: 2,
      title: `Camera ${id}`,
      payment_status: 'waiting',
      stock_reserved: 1,
      provider_invoice_id: `inv-${created.payment_id}`,
      invoice_url: created.payment_url,
      contact_name: 'Alice Buyer',
    });
    const after = await stock(id);
    expect(after.condition).toBe(before.condition - 2);
    expect(after.total).toBe(before.total - 2);
    expect(after.updatedAt > before.updatedAt).toBe(true);

    const mine = await call('GET', '/api/my-purchases/alice', alice);
    expect(mine.status).toBe(200);
    expect(mine.body[0]).toEqual({
      payment_id: created.payment_id,
      product_id: id,
      store: 'ayz',
      title: `Camera ${id}`,
      condition: 'acceptable',
      quantity: 2,
      total_amount: '39.98',
      created_at: expect.any(String),
      payment_status: 'waiting',
      shipped: false,
      invoice_url: created.payment_url,
      postal_service: '',
      tracking_number: '',
      imagecount: 2,
      group_id: null,
      invoice_total: '39.98',
      amount_paid: null,
      // The hold (ORDER_HOLD_MINUTES, 60 by default) from the order's making.
      pay_until: new Date(Date.parse(mine.body[0].created_at) + 60 * 60_000).toISOString(),
      refunded_amount: '0.00',
      settled_at: null,
      // Not sent: nothing to return (issue 28).
      returns: [],
      returnable_quantity: 0,
      return_until: null,
    });
    expect((await call('GET', '/api/my-purchases/bob', bob)).body).toEqual([]);
  });

  it('lets only the right caller make each order call', async () => {
    const id = await newProduct(5);
    const mine = await buy(alice, purchase('alice', id));
    const forged = { authorization: 'Bearer not-a-token' };
    const anonymous = {};
    const buyerCalls: ['GET' | 'POST', string, unknown][] = [
      ['POST', '/api/create-purchase', purchase('alice', id)],
      ['GET', '/api/my-purchases/alice', undefined],
    ];
    for (const [method, url, payload] of buyerCalls) {
      for (const headers of [anonymous, forged, admin]) {
        expect((await call(method, url, headers, payload)).status, `${method} ${url}`).toBe(401);
      }
      expect(await call(method, url, bob, payload), `${method} ${url} by bob`).toMatchObject({
        status: 403,
        body: { error: 'That account is not yours.' },
      });
      expect((await call(method, url, alice, payload)).status, `${method} ${url} by alice`).toBeLessThan(300);
    }

    const adminCalls: ['GET' | 'PATCH', string, unknown][] = [
      ['GET', '/api/admin-purchases', undefined],
      ['PATCH', `/api/admin-purchases/${mine.payment_id}/shipped`, { shipped: false }],
    ];
    for (const [method, url, payload] of adminCalls) {
      for (const headers of [anonymous, forged, alice]) {
        expect((await call(method, url, headers, payload)).status, `${method} ${url}`).toBe(401);
      }
      expect((await call(method, url, admin, payload)).status, `${method} ${url} by the admin`).toBe(200);
    }

    const remove = (paymentId: string, headers: Partial<Headers>) =>
      call('DELETE', `/api/purchase/${paymentId}`, headers);
    expect((await remove(mine.payment_id, anonymous)).status).toBe(401);
    expect((await remove(mine.payment_id, forged)).status).toBe(401);
    expect(await remove(mine.payment_id, bob)).toMatchObject({
      status: 403,
      body: { error: 'That order is not yours.' },
    });
    expect(await remove(mine.payment_id, alice)).toMatchObject({ status: 200, body: { ok: true } });
    const another = await buy(alice, purchase('alice', id));
    expect(await remove(another.payment_id, admin)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await remove(another.payment_id, admin)).toMatchObject({
      status: 404,
      body: { error: `There is no order ${another.payment_id}.` },
    });
  });

  it.each([
    [{ quantity: 0 }, 400, 'Invalid field "quantity": must be 1 or more.'],
    [{ quantity: -1 }, 400, 'Invalid field "quantity": must be 1 or more.'],
    [{ quantity: 1.5 }, 400, 'Invalid field "quantity": must be a whole number.'],
    [{ quantity: 'x' }, 400, 'Invalid field "quantity": must be a whole number.'],
    [{ quantity: 1e15 }, 400, 'Invalid field "quantity": must be from 1 to 99.'],
    [{ product_id: 999_999 }, 404, 'There is no product 999999 in the Open Box Store.'],
    [
      { condition: 'mint' },
      400,
      'Invalid field "condition": must be one of acceptable, good, verygood, excellent.',
    ],
    [{ condition: 'good' }, 409, 'The Good condition is out of stock.'],
    [
      { condition: 'verygood' },
      409,
      'The Very Good condition of this product has no price, so it is not for sale.',
    ],
    [{ condition: 'excellent', quantity: 3 }, 409, 'Not enough stock: only 2 left.'],
    [{ store: 'pc' }, 400, 'Invalid field "store": the PC Build does not sell through the cart.'],
    [{ address: undefined }, 400, 'Invalid field "address": is required.'],
    [{ address: '   ' }, 400, 'Invalid field "address": must not be empty.'],
    [{ city: 42 }, 400, 'Invalid field "city": must be text.'],
    [{ address: 'x'.repeat(301) }, 400, 'Invalid field "address": must be at most 300 characters.'],
    [{ contact_name: 'A\u0000B' }, 400, 'Invalid field "contact_name": must not contain NUL characters.'],
    [{ email: 'not-an-address' }, 400, 'Invalid field "email": must be an e-mail address.'],
    [{ email: 'a\u0000@example.com' }, 400, 'Invalid field "email": must be an e-mail address.'],
  ])('refuses %j with %i and a sentence, changing nothing', async (change, status, error) => {
    const id = await newProduct(5);
    const body = purchase('alice', id, change);
    const before = await storedState();
    const requests = provider.requests.length;
    expect(await call('POST', '/api/create-purchase', alice, body)).toMatchObject({
      status,
      body: { error },
    });
    expect(await storedState()).toEqual(before);
    expect(provider.requests.length).toBe(requests);
  });

  it('refuses a total too large to store, changing nothing', async () => {
    const id = nextProductId++;
    await addProduct(t.handle.db, 'ayz', id, {}, conditions([999_999_999, 50]));
    const before = await storedState();
    const response = await call(
      'POST',
      '/api/create-purchase',
      alice,
      // 3 × $9,999,999.99 is past what a 32-bit total holds (and within the units one buyer may hold).
      purchase('alice', id, { quantity: 3 }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^Invalid field "quantity": .*buy fewer\.$/);
    expect(await storedState()).toEqual(before);
  });

  it('sells the last 3 units to exactly 3 of 12 concurrent buyers', async () => {
    const id = await newProduct(3);
    const buyers = await Promise.all(Array.from({ length: 12 }, (_, i) => signedBuyer(t, `rush-${i}`)));
    const responses = await Promise.all(
      buyers.map((headers, i) => call('POST', '/api/create-purchase', headers, purchase(`rush-${i}`, id))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
    for (const refused of responses.filter((response) => response.status === 409)) {
      expect(refused.body.error).toMatch(
        /^(The Acceptable condition is out of stock|Not enough stock: only \d left)\.$/,
      );
    }
    const orders = await t.handle.db
      .selectFrom('orders')
      .select('user_id')
      .where('product_id', '=', id)
      .execute();
    expect(orders).toHaveLength(3);
    const after = await stock(id);
    expect(after.condition).toBe(0);
    // Excellent's 2: Very Good's 4 have no price, so they are not stock (issue 30).
    expect(after.total).toBe(2);
  });

  it('leaves no order and no reserved units when the provider fails', async () => {
    const id = await newProduct(5);
    for (const failure of [new ProviderFailure('down'), new Error('socket hang up')]) {
      provider.failure = failure;
      const before = await storedState();
      const response = await call(
        'POST',
        '/api/create-purchase',
        alice,
        purchase('alice', id, { quantity: 2 }),
      );
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        error: 'The payment provider is not answering. Please try again in a moment.',
      });
      const after = await storedState();
      expect(after.orders).toEqual(before.orders);
      expect(after.conditions).toEqual(before.conditions);
      expect(after.products.find((p) => p.id === id)?.stock_quantity).toBe(
        before.products.find((p) => p.id === id)?.stock_quantity,
      );
    }
    provider.failure = undefined;
  });

  it('gives up on a provider that does not answer in time, leaving nothing behind', async () => {
    const id = await newProduct(5);
    provider.stall = true;
    const before = await stock(id);
    const buyer = { sub: 'alice', name: 'Alice', email: 'alice@example.com', picture: '' };
    const body = {
      ...purchase('alice', id),
      store: 'ayz' as const,
      condition: 'acceptable' as const,
      quantity: 1,
    };
    const attempt = createPurchase(t.handle.db, provider, buyer, body, { invoiceTimeoutMs: 50 });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 502 });
    provider.stall = false;
    expect((await stock(id)).condition).toBe(before.condition);
    expect((await stock(id)).total).toBe(before.total);
    const orders = await t.handle.db.selectFrom('orders').select('id').where('product_id', '=', id).execute();
    expect(orders).toEqual([]);
  });

  it('gives the units back when an order is deleted', async () => {
    const id = await newProduct(5);
    const created = await buy(alice, purchase('alice', id, { quantity: 3 }));
    expect((await stock(id)).condition).toBe(2);
    expect((await call('DELETE', `/api/purchase/${created.payment_id}`, alice)).status).toBe(200);
    expect(await order(created.payment_id)).toBeUndefined();
    expect(await stock(id)).toMatchObject({ condition: 5, total: 7 });
  });

  it('expires orders unpaid past the hold and gives their units back, once', async () => {
    const id = await newProduct(5);
    const stale = await buy(alice, purchase('alice', id, { quantity: 2 }));
    const fresh = await buy(alice, purchase('alice', id, { quantity: 1 }));
    const paying = await buy(alice, purchase('alice', id, { quantity: 1 }));
    await applyPaymentStatus(t.handle.db, paying.payment_id, 'confirming');
    await backdate(stale.payment_id, 61);
    await backdate(fresh.payment_id, 30);
    await backdate(paying.payment_id, 120);
    expect((await stock(id)).condition).toBe(1);

    expect(await sweepUnpaidOrders(t.handle.db, new Date(), 60)).toBeGreaterThanOrEqual(1);
    expect(await order(stale.payment_id)).toMatchObject({ payment_status: 'expired', stock_reserved: 0 });
    expect(await order(fresh.payment_id)).toMatchObject({ payment_status: 'waiting', stock_reserved: 1 });
    // A payment under way is left to the provider's verdict.
    expect(await order(paying.payment_id)).toMatchObject({ payment_status: 'confirming', stock_reserved: 1 });
    expect(await stock(id)).toMatchObject({ condition: 3, total: 5 });

    expect(await sweepUnpaidOrders(t.handle.db, new Date(), 60)).toBe(0);
    expect((await stock(id)).condition).toBe(3);
    // The expired order can still be deleted, and that gives nothing back twice.
    expect((await call('DELETE', `/api/purchase/${stale.payment_id}`, alice)).status).toBe(200);
    expect((await stock(id)).condition).toBe(3);
  });

  /** As a process killed while the provider's invoice call was pending leaves an order: no invoice stored. */
  const dropInvoice = (paymentId: string) =>
    t.handle.db
      .updateTable('orders')
      .set({ invoice_url: null, provider_invoice_id: null })
      .where('payment_id', '=', paymentId)
      .execute();

  it('expires an order whose invoice was never stored within 2 minutes of its making; one with an invoice holds on', async () => {
    // The sweep runs every 30 s (app.ts): an invoiceless order is expired by the first sweep after its hold.
    expect(INVOICELESS_HOLD_MS + 30_000).toBeLessThanOrEqual(2 * 60_000);
    // Far longer than an invoice call may take, so one still under way is never expired under it.
    expect(INVOICELESS_HOLD_MS).toBeGreaterThanOrEqual(3 * INVOICE_TIMEOUT_MS);
    const id = await newProduct(5);
    const orphan = await buy(alice, purchase('alice', id, { quantity: 2 }));
    const young = await buy(alice, purchase('alice', id, { quantity: 1 }));
    const invoiced = await buy(alice, purchase('alice', id, { quantity: 1 }));
    await dropInvoice(orphan.payment_id);
    await dropInvoice(young.payment_id);
    await backdate(orphan.payment_id, 3);
    await backdate(young.payment_id, 0.5);
    await backdate(invoiced.payment_id, 3);
    expect((await stock(id)).condition).toBe(1);

    expect(await sweepUnpaidOrders(t.handle.db, new Date(), 60)).toBe(1);
    expect(await order(orphan.payment_id)).toMatchObject({ payment_status: 'expired', stock_reserved: 0 });
    expect(await order(young.payment_id)).toMatchObject({ payment_status: 'waiting', stock_reserved: 1 });
    expect(await order(invoiced.payment_id)).toMatchObject({ payment_status: 'waiting', stock_reserved: 1 });
    expect((await stock(id)).condition).toBe(3);
    // Exactly once: a second sweep gives nothing back again.
    expect(await sweepUnpaidOrders(t.handle.db, new Date(), 60)).toBe(0);
    expect((await stock(id)).condition).toBe(3);
    // The young one's turn comes once it is past the hold.
    expect(await sweepUnpaidOrders(t.handle.db, new Date(Date.now() + INVOICELESS_HOLD_MS), 60)).toBe(1);
    expect(await order(young.payment_id)).toMatchObject({ payment_status: 'expired', stock_reserved: 0 });
    expect(await order(invoiced.payment_id)).toMatchObject({ payment_status: 'waiting', stock_reserved: 1 });
    expect((await stock(id)).condition).toBe(4);
  });

  it(`does not count an order still without an invoice ${INVOICE_NEVER_MS / 1000} s after its making toward the cap`, async () => {
    const id = await newProduct(20);
    const made = [];
    for (let i = 0; i < MAX_OPEN_ORDERS_PER_BUYER; i += 1) made.push(await buy(alice, purchase('alice', id)));
    const refused = await call('POST', '/api/create-purchase', alice, purchase('alice', id));
    expect(refused.status).toBe(409);
    // One left without its invoice, but recent: its invoice call may still be under way, so it counts.
    await dropInvoice(made[0]!.payment_id);
    expect((await call('POST', '/api/create-purchase', alice, purchase('alice', id))).status).toBe(409);
    // Older than any invoice call: it never gets one, and no longer takes a place.
    await backdate(made[0]!.payment_id, (INVOICE_NEVER_MS + 1_000) / 60_000);
    await buy(alice, purchase('alice', id));
    expect((await call('POST', '/api/create-purchase', alice, purchase('alice', id))).status).toBe(409);
  });

  it('runs the sweep in the server process, holding for ORDER_HOLD_MINUTES', async () => {
    expect(t.config.ORDER_HOLD_MINUTES).toBe(60);
    expect(() => loadConfig({ ORDER_HOLD_MINUTES: '0' })).toThrow(/ORDER_HOLD_MINUTES must be 1 or more/);
    const id = await newProduct(5);
    const stale = await buy(alice, purchase('alice', id, { quantity: 2 }));
    await backdate(stale.payment_id, 61);
    // A second process over the same database, sweeping on its own timer.
    const other = await buildApp(t.app.deps, { serveClient: false, orderSweepMs: 60_000 });
    await other.ready();
    await expect.poll(async () => (await order(stale.payment_id))?.payment_status).toBe('expired');
    await other.close();
    expect((await stock(id)).condition).toBe(5);
  });

  it('gives units back exactly once when a delete, sweeps and callbacks race', async () => {
    const id = await newProduct(10);
    const orders = [];
    for (let i = 0; i < 5; i += 1) orders.push(await buy(alice, purchase('alice', id, { quantity: 2 })));
    expect((await stock(id)).condition).toBe(0);
    for (const { payment_id } of orders) await backdate(payment_id, 90);
    await Promise.all([
      ...orders.map(({ payment_id }) => call('DELETE', `/api/purchase/${payment_id}`, alice)),
      sweepUnpaidOrders(t.handle.db, new Date(), 60),
      sweepUnpaidOrders(t.handle.db, new Date(), 60),
      ...orders.map(({ payment_id }) => applyPaymentStatus(t.handle.db, payment_id, 'failed')),
    ]);
    expect(await stock(id)).toMatchObject({ condition: 10, total: 12 });
    const left = await t.handle.db
      .selectFrom('orders')
      .select('stock_reserved')
      .where('product_id', '=', id)
      .execute();
    expect(left.every((row) => row.stock_reserved === 0)).toBe(true);
  });

  it('moves statuses only forward and keeps a finished order', async () => {
    const id = await newProduct(5);
    const created = await buy(alice, purchase('alice', id, { quantity: 2 }));
    const db = t.handle.db;
    expect(await applyPaymentStatus(db, created.payment_id, 'confirming')).toBe(true);
    expect(await applyPaymentStatus(db, created.payment_id, 'waiting')).toBe(false);
    expect(await applyPaymentStatus(db, created.payment_id, 'finished')).toBe(true);
    const finished = await order(created.payment_id);
    expect(finished).toMatchObject({ payment_status: 'finished', stock_reserved: 1 });
    for (const late of ['waiting', 'confirming', 'sending', 'failed', 'expired', 'finished'] as const) {
      expect(await applyPaymentStatus(db, created.payment_id, late), late).toBe(false);
    }
    expect(await order(created.payment_id)).toEqual(finished);
    expect((await stock(id)).condition).toBe(3);
    expect(await applyPaymentStatus(db, 'ord_unknown', 'finished')).toBe(false);

    const before = await storedState();
    for (const headers of [alice, admin]) {
      expect(await call('DELETE', `/api/purchase/${created.payment_id}`, headers)).toMatchObject({
        status: 409,
        body: { error: 'A paid order cannot be deleted.' },
      });
    }
    // The sweep never touches a finished order, however old.
    await backdate(created.payment_id, 600);
    const swept = await storedState();
    await sweepUnpaidOrders(db, new Date(), 60);
    expect((await storedState()).orders).toEqual(swept.orders);
    expect(before.conditions).toEqual(swept.conditions);

    // A refund after the fact gives the units back, once.
    expect(await applyPaymentStatus(db, created.payment_id, 'refunded')).toBe(true);
    expect(await applyPaymentStatus(db, created.payment_id, 'refunded')).toBe(false);
    expect((await stock(id)).condition).toBe(5);
  });

  it('keeps a failed or expired order from turning into a finished one', async () => {
    const id = await newProduct(5);
    const failed = await buy(alice, purchase('alice', id));
    expect(await applyPaymentStatus(t.handle.db, failed.payment_id, 'failed')).toBe(true);
    expect(await applyPaymentStatus(t.handle.db, failed.payment_id, 'finished')).toBe(false);
    expect(await order(failed.payment_id)).toMatchObject({ payment_status: 'failed', stock_reserved: 0 });
    expect((await stock(id)).condition).toBe(5);
  });

  it('lets a buyer delete only while no payment is under way; the admin any unfinished order', async () => {
    const id = await newProduct(5);
    const created = await buy(alice, purchase('alice', id));
    await applyPaymentStatus(t.handle.db, created.payment_id, 'confirming');
    expect(await call('DELETE', `/api/purchase/${created.payment_id}`, alice)).toMatchObject({
      status: 409,
      body: { error: 'The payment for this order is under way, so it cannot be deleted now.' },
    });
    expect((await call('DELETE', `/api/purchase/${created.payment_id}`, admin)).status).toBe(200);
    expect((await stock(id)).condition).toBe(5);
    expect(await call('DELETE', '/api/purchase/not%20an%20id', alice)).toMatchObject({ status: 400 });
  });

  it('pages and filters the admin list, newest first, with the whole count', async () => {
    const id = await newProduct(20);
    const db = t.handle.db;
    await db.deleteFrom('orders').execute();
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await buy(alice, purchase('alice', id, { quantity: 1 })));
    for (const [i, { payment_id }] of made.entries()) await backdate(payment_id, 100 - i);
    await applyPaymentStatus(db, made[1]!.payment_id, 'finished');
    await applyPaymentStatus(db, made[3]!.payment_id, 'finished');
    await call('PATCH', `/api/admin-purchases/${made[3]!.payment_id}/shipped`, admin, {
      shipped: true,
      postal_service: 'USPS',
      tracking_number: '9400 1000',
    });

    const page1 = await call('GET', '/api/admin-purchases?pageSize=2', admin);
    expect(page1.status).toBe(200);
    expect(page1.headers['x-total-count']).toBe('5');
    expect(page1.body.map((o: { payment_id: string }) => o.payment_id)).toEqual([
      made[4]!.payment_id,
      made[3]!.payment_id,
    ]);
    expect(page1.body[1]).toMatchObject({
      product_id: id,
      store: 'ayz',
      title: `Camera ${id}`,
      total_amount: '19.99',
      payment_status: 'finished',
      shipped: true,
      postal_service: 'USPS',
      tracking_number: '9400 1000',
      contact_name: 'Alice Buyer',
      email: 'buyer@example.com',
      phone: '555-0100',
      address: '1 Main Street',
      city: 'Springfield',
      state_prov: 'IL',
      postal_code: '12345',
      imagecount: 2,
      quantity: 1,
      condition: 'acceptable',
    });
    const page3 = await call('GET', '/api/admin-purchases?pageSize=2&page=3', admin);
    expect(page3.body).toHaveLength(1);
    const beyond = await call('GET', '/api/admin-purchases?pageSize=2&page=9', admin);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');

    const ids = async (filter: string) => {
      const response = await call('GET', `/api/admin-purchases?filter=${filter}`, admin);
      return {
        count: response.headers['x-total-count'],
        ids: response.body.map((o: { payment_id: string }) => o.payment_id),
      };
    };
    expect(await ids('paid')).toEqual({ count: '2', ids: [made[3]!.payment_id, made[1]!.payment_id] });
    expect((await ids('unpaid')).count).toBe('3');
    expect(await ids('unsent')).toEqual({ count: '1', ids: [made[1]!.payment_id] });
    expect(await ids('sent')).toEqual({ count: '1', ids: [made[3]!.payment_id] });

    for (const query of ['pageSize=0', 'pageSize=201', 'page=0', 'page=x', 'filter=everything']) {
      const response = await call('GET', `/api/admin-purchases?${query}`, admin);
      expect(response.status, query).toBe(400);
      expect(response.body.error).toMatch(/^Invalid query parameter "(page|pageSize|filter)"/);
    }
  });

  it('marks an order sent and the buyer sees it; refuses bad shipping input, changing nothing', async () => {
    const id = await newProduct(5);
    const created = await buy(alice, purchase('alice', id));
    await applyPaymentStatus(t.handle.db, created.payment_id, 'finished');
    const url = `/api/admin-purchases/${created.payment_id}/shipped`;
    expect(
      await call('PATCH', url, admin, { shipped: true, postal_service: 'UPS', tracking_number: '1Z999' }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    const mine = (await call('GET', '/api/my-purchases/alice', alice)).body as Record<string, unknown>[];
    expect(mine.find((o) => o.payment_id === created.payment_id)).toMatchObject({
      shipped: true,
      postal_service: 'UPS',
      tracking_number: '1Z999',
    });

    const before = await storedState();
    const refused: [string, unknown, number][] = [
      [url, { shipped: 'yes' }, 400],
      [url, {}, 400],
      [url, { shipped: false, tracking_number: 'x'.repeat(101) }, 400],
      [url, { shipped: false, postal_service: 'U\u0000PS' }, 400],
      ['/api/admin-purchases/ord_nope/shipped', { shipped: true }, 404],
      ['/api/admin-purchases/bad%20id/shipped', { shipped: true }, 400],
    ];
    for (const [target, payload, status] of refused) {
      const response = await call('PATCH', target, admin, payload);
      expect(response.status, JSON.stringify(payload)).toBe(status);
      expect(typeof response.body.error).toBe('string');
    }
    expect(await storedState()).toEqual(before);
  });

  it('offers no Pay Now for an order that expires, fails or is paid, while keeping its invoice on record', async () => {
    const id = await newProduct(5);
    const stale = await buy(alice, purchase('alice', id));
    const failed = await buy(alice, purchase('alice', id));
    const open = await buy(alice, purchase('alice', id));
    const paid = await buy(alice, purchase('alice', id));
    await backdate(stale.payment_id, 61);
    await sweepUnpaidOrders(t.handle.db, new Date(), 60);
    await applyPaymentStatus(t.handle.db, failed.payment_id, 'failed');
    await applyPaymentStatus(t.handle.db, paid.payment_id, 'finished');
    const mine = (await call('GET', '/api/my-purchases/alice', alice)).body as Record<string, unknown>[];
    const link = (paymentId: string) => mine.find((o) => o.payment_id === paymentId)?.invoice_url;
    expect(link(stale.payment_id)).toBeNull();
    expect(link(failed.payment_id)).toBeNull();
    expect(link(paid.payment_id)).toBeNull();
    expect(link(open.payment_id)).toBe(open.payment_url);
    // Money that still arrives revives an expired order, which may then be paid on the same invoice.
    expect(await order(stale.payment_id)).toMatchObject({
      payment_status: 'expired',
      invoice_url: stale.payment_url,
    });
  });

  it('gives nothing back for a refund after the order was shipped: the units left in the parcel', async () => {
    const id = await newProduct(5);
    const created = await buy(alice, purchase('alice', id, { quantity: 2 }));
    await applyPaymentStatus(t.handle.db, created.payment_id, 'finished');
    const url = `/api/admin-purchases/${created.payment_id}/shipped`;
    expect((await call('PATCH', url, admin, { shipped: true, tracking_number: 'T1' })).status).toBe(200);
    expect(await stock(id)).toMatchObject({ condition: 3, total: 5 });

    expect(await applyPaymentStatus(t.handle.db, created.payment_id, 'refunded')).toBe(true);
    expect(await order(created.payment_id)).toMatchObject({ payment_status: 'refunded', stock_reserved: 0 });
    expect(await stock(id)).toMatchObject({ condition: 3, total: 5 });
    // Nor does a replayed refund; and the refunded order, which received money, is kept on record (issue 28).
    expect(await applyPaymentStatus(t.handle.db, created.payment_id, 'refunded')).toBe(false);
    const deleted = await call('DELETE', `/api/purchase/${created.payment_id}`, admin);
    expect(deleted).toMatchObject({
      status: 409,
      body: { error: 'This order has received a payment, so it is kept on record.' },
    });
    expect(await order(created.payment_id)).toMatchObject({ payment_status: 'refunded' });
    expect(await stock(id)).toMatchObject({ condition: 3, total: 5 });
  });

  it('marks only a paid order sent (409 otherwise, changing nothing); unmarking is always allowed', async () => {
    const id = await newProduct(10);
    const db = t.handle.db;
    const orders: Record<string, string> = {};
    for (const status of ['waiting', 'confirming', 'partially_paid', 'failed', 'expired'] as const) {
      const created = await buy(alice, purchase('alice', id));
      if (status !== 'waiting') await applyPaymentStatus(db, created.payment_id, status);
      orders[status] = created.payment_id;
    }
    const before = await storedState();
    for (const [status, paymentId] of Object.entries(orders)) {
      const url = `/api/admin-purchases/${paymentId}/shipped`;
      expect(await call('PATCH', url, admin, { shipped: true, tracking_number: 'X' }), status).toMatchObject({
        status: 409,
        body: { error: 'Only paid orders can be marked sent.' },
      });
    }
    expect(await storedState()).toEqual(before);
    const waiting = `/api/admin-purchases/${orders.waiting}/shipped`;
    expect(await call('PATCH', waiting, admin, { shipped: false, postal_service: 'UPS' })).toMatchObject({
      status: 200,
    });
    expect(await order(orders.waiting!)).toMatchObject({ shipped: 0, postal_service: 'UPS' });
  });

  it('never expires a shipped order, however old', async () => {
    const id = await newProduct(5);
    const created = await buy(alice, purchase('alice', id));
    // Marked sent before shipping required payment: such rows may already be in a database.
    await t.handle.db
      .updateTable('orders')
      .set({ shipped: 1 })
      .where('payment_id', '=', created.payment_id)
      .execute();
    await backdate(created.payment_id, 600);
    await sweepUnpaidOrders(t.handle.db, new Date(), 60);
    expect(await order(created.payment_id)).toMatchObject({ payment_status: 'waiting', stock_reserved: 1 });
  });

  it(`caps a buyer at ${MAX_OPEN_ORDERS_PER_BUYER} unpaid orders holding stock; paying or deleting one frees a place`, async () => {
    const id = await newProduct(50);
    const made = [];
    for (let i = 0; i < MAX_OPEN_ORDERS_PER_BUYER; i += 1) made.push(await buy(alice, purchase('alice', id)));
    const before = await storedState();
    const requests = provider.requests.length;
    const refused = await call('POST', '/api/create-purchase', alice, purchase('alice', id));
    expect(refused).toMatchObject({
      status: 409,
      body: { error: 'You have 5 unpaid orders. Pay or delete one before ordering more.' },
    });
    expect(await storedState()).toEqual(before);
    expect(provider.requests.length).toBe(requests);
    // Another buyer is not held back by Alice's orders.
    await buy(bob, purchase('bob', id));

    await applyPaymentStatus(t.handle.db, made[0]!.payment_id, 'finished');
    const sixth = await buy(alice, purchase('alice', id));
    expect((await call('POST', '/api/create-purchase', alice, purchase('alice', id))).status).toBe(409);
    expect((await call('DELETE', `/api/purchase/${sixth.payment_id}`, alice)).status).toBe(200);
    await backdate(made[1]!.payment_id, 61);
    await sweepUnpaidOrders(t.handle.db, new Date(), 60);
    await buy(alice, purchase('alice', id));
    await buy(alice, purchase('alice', id));
    expect((await call('POST', '/api/create-purchase', alice, purchase('alice', id))).status).toBe(409);
  });

  it('caps the units one buyer holds across unpaid orders and groups at MAX_HELD_UNITS_PER_BUYER (issue 33)', async () => {
    const id = await newProduct(50);
    const other = await newProduct(50);
    const holder = await signedBuyer(t, 'holder');
    await buy(holder, purchase('holder', id, { quantity: 6 }));
    const before = await storedState();
    const one = await call(
      'POST',
      '/api/create-purchase',
      holder,
      purchase('holder', other, { quantity: 5 }),
    );
    expect(one).toMatchObject({
      status: 409,
      body: {
        error:
          'One buyer can hold at most 10 units in unpaid orders at once, and this would make 11. You already hold 6 in unpaid orders. Pay or delete an order, or buy fewer.',
      },
    });
    const group = await call('POST', '/api/create-cart-purchase', holder, {
      google_id: 'holder',
      store: 'ayz',
      ...SHIPPING,
      lines: [
        { product_id: id, condition: 'acceptable', quantity: 2 },
        { product_id: other, condition: 'acceptable', quantity: 3 },
      ],
    });
    expect(group.status).toBe(409);
    expect(group.body.error).toMatch(/^One buyer can hold at most 10 units .* would make 11\./);
    expect(await storedState()).toEqual(before);
    // Up to the cap is fine; a paid order holds nothing the cap counts.
    const four = await buy(holder, purchase('holder', other, { quantity: 4 }));
    await applyPaymentStatus(t.handle.db, four.payment_id, 'finished');
    await buy(holder, purchase('holder', other, { quantity: 4 }));
  });

  it(`lets at most ${MAX_OPEN_ORDERS_PER_BUYER} of one buyer's 7 simultaneous purchases through`, async () => {
    const id = await newProduct(50);
    const hoarder = await signedBuyer(t, 'hoarder');
    const responses = await Promise.all(
      Array.from({ length: 7 }, () => call('POST', '/api/create-purchase', hoarder, purchase('hoarder', id))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409]);
    const held = await t.handle.db
      .selectFrom('orders')
      .select('payment_id')
      .where('user_id', '=', 'hoarder')
      .execute();
    expect(held).toHaveLength(MAX_OPEN_ORDERS_PER_BUYER);
    expect((await stock(id)).condition).toBe(50 - MAX_OPEN_ORDERS_PER_BUYER);
  });
});
