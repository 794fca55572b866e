/**
 * "Checkout all" (issue 18) through the real app: one invoice for every line, the units of all reserved
 * together or none, and the group paid, expired, deleted and shipped as one, with its e-mails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OPEN_ORDERS_PER_BUYER } from '../../../shared/schemas/buying.js';
import { addProduct, conditions, SHIPPING } from '../../test/fixtures.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  TEST_DIALECTS,
  type AuthHeaders,
  type TestApp,
} from '../../test/harness.js';
import { SandboxProvider } from '../payment-providers/sandbox.js';
import type { PaymentProvider } from '../payment-providers/index.js';
import { sweepUnpaidOrders } from './sweep.js';

describe.each(TEST_DIALECTS)('checkout all on %s', (dialect) => {
  let t: TestApp;
  let alice: AuthHeaders;
  let admin: AuthHeaders;
  let nextProductId = 1;
  let nextBuyer = 1;
  /** The sandbox, which a test can make fail as a provider that is down. */
  const sandbox = new SandboxProvider();
  let down = false;
  const provider: PaymentProvider = {
    name: 'sandbox',
    createInvoice: async (request) => {
      if (down) throw new Error('provider down');
      return sandbox.createInvoice(request);
    },
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { paymentProvider: provider });
    alice = await buyerHeaders(t, { sub: 'alice', email: 'alice@example.com' });
    admin = await adminHeaders(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    down = false;
  });

  /** A product: acceptable 19.99 × units, good 29.99 × 1. */
  async function newProduct(units = 5, title?: string): Promise<number> {
    const id = nextProductId++;
    await addProduct(
      t.handle.db,
      'ayz',
      id,
      { title: title ?? `Camera ${id}` },
      conditions([1999, units], [2999, 1]),
    );
    return id;
  }
  const line = (productId: number, quantity = 1, condition = 'acceptable') => ({
    product_id: productId,
    condition,
    quantity,
  });
  const body = (sub: string, lines: ReturnType<typeof line>[]) => ({
    google_id: sub,
    store: 'ayz',
    lines,
    ...SHIPPING,
  });
  const checkoutAll = (headers: Partial<AuthHeaders>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/create-cart-purchase', headers, payload: payload as object });

  async function newBuyer(): Promise<{ sub: string; headers: AuthHeaders }> {
    const sub = `buyer-${nextBuyer++}`;
    return { sub, headers: await buyerHeaders(t, { sub, email: `${sub}@example.com` }) };
  }
  async function units(productId: number, condition = 'acceptable'): Promise<number> {
    const row = await t.handle.db
      .selectFrom('product_conditions')
      .select('available_quantity')
      .where('product_id', '=', productId)
      .where('condition', '=', condition)
      .executeTakeFirstOrThrow();
    return row.available_quantity;
  }
  const ordersOf = (groupId: string) =>
    t.handle.db.selectFrom('orders').selectAll().where('group_id', '=', groupId).orderBy('id').execute();
  const mails = (like: string) =>
    t.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('dedupe_key', 'like', like)
      .orderBy('id')
      .execute();
  const cart = (sub: string, headers: AuthHeaders) => t.app.inject({ url: `/api/cart/${sub}`, headers });

  it('buys every line on one invoice: one order each, priced from the database, sharing the group', async () => {
    const first = await newProduct(3);
    const second = await newProduct(2);
    const response = await checkoutAll(alice, body('alice', [line(first, 2), line(second, 1, 'good')]));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created.payment_id).toMatch(/^grp_[\w-]{22}$/);
    expect(created.payment_url).toBe(`/pay/${created.payment_id}`);
    expect(created.payment_ids).toHaveLength(2);
    const rows = await ordersOf(created.payment_id);
    expect(rows.map((row) => row.payment_id)).toEqual(created.payment_ids);
    expect(rows).toMatchObject([
      {
        product_id: first,
        quantity: 2,
        total_cents: 3998,
        provider_invoice_id: `sandbox-${created.payment_id}`,
      },
      { product_id: second, condition: 'good', quantity: 1, total_cents: 2999 },
    ]);
    expect(await units(first)).toBe(1);
    expect(await units(second, 'good')).toBe(0);
    const mine = (await t.app.inject({ url: '/api/my-purchases/alice', headers: alice })).json();
    const grouped = mine.filter((p: { group_id: string | null }) => p.group_id === created.payment_id);
    expect(grouped).toHaveLength(2);
    for (const purchase of grouped) {
      expect(purchase).toMatchObject({
        invoice_total: '69.97',
        amount_paid: null,
        invoice_url: created.payment_url,
      });
      expect(purchase.pay_until).toEqual(expect.any(String));
    }
  });

  it("refuses a short line by name and leaves every line's stock, the cart and the orders as they were", async () => {
    const plenty = await newProduct(5);
    const scarce = await newProduct(1, 'Dell XPS 13');
    const { sub, headers } = await newBuyer();
    for (const productId of [plenty, scarce]) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers,
        payload: {
          google_id: sub,
          store: 'ayz',
          product_id: productId,
          condition: 'acceptable',
          quantity: 1,
        },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const cartBefore = (await cart(sub, headers)).json();
    const ordersBefore = await t.handle.db.selectFrom('orders').selectAll().orderBy('id').execute();
    const response = await checkoutAll(headers, body(sub, [line(plenty, 2), line(scarce, 2)]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Only 1 of "Dell XPS 13" (Acceptable) left.' });
    expect(await units(plenty)).toBe(5);
    expect(await units(scarce)).toBe(1);
    expect((await cart(sub, headers)).json()).toEqual(cartBefore);
    expect(await t.handle.db.selectFrom('orders').selectAll().orderBy('id').execute()).toEqual(ordersBefore);
  });

  it('refuses a line whose condition has units but no price, with the sentence, taking nothing (issue 30)', async () => {
    const plenty = await newProduct(5);
    const unpriced = nextProductId++;
    await addProduct(t.handle.db, 'ayz', unpriced, { title: 'Unpriced lens' }, conditions([0, 4], [2999, 1]));
    const { sub, headers } = await newBuyer();
    const ordersBefore = await t.handle.db.selectFrom('orders').selectAll().orderBy('id').execute();
    const response = await checkoutAll(headers, body(sub, [line(plenty, 1), line(unpriced, 1)]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: '"Unpriced lens" (Acceptable) has no price, so it is not for sale.',
    });
    expect(await units(plenty)).toBe(5);
    expect(await units(unpriced)).toBe(4);
    expect(await t.handle.db.selectFrom('orders').selectAll().orderBy('id').execute()).toEqual(ordersBefore);
  });

  it('answers 400 for a body it cannot take, 401 without a sign-in and 403 for another buyer', async () => {
    const id = await newProduct();
    const empty = await checkoutAll(alice, body('alice', []));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/lines/);
    const twice = await checkoutAll(alice, body('alice', [line(id), line(id, 2)]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatch(/listed twice/);
    const badEmail = await checkoutAll(alice, { ...body('alice', [line(id)]), email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/email/);
    expect((await checkoutAll({}, body('alice', [line(id)]))).statusCode).toBe(401);
    const other = await checkoutAll(alice, body('bob', [line(id)]));
    expect(other.statusCode).toBe(403);
    expect(await units(id)).toBe(5);
  });

  it('undoes the whole group when the provider is down: no order, every unit back', async () => {
    const first = await newProduct(2);
    const second = await newProduct(2);
    const { sub, headers } = await newBuyer();
    down = true;
    const response = await checkoutAll(headers, body(sub, [line(first), line(second, 2)]));
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(/not answering/);
    expect(await units(first)).toBe(2);
    expect(await units(second)).toBe(2);
    const left = await t.handle.db.selectFrom('orders').select('id').where('user_id', '=', sub).execute();
    expect(left).toEqual([]);
  });

  it('counts a group as one open order against the cap', async () => {
    const { sub, headers } = await newBuyer();
    for (let i = 0; i < MAX_OPEN_ORDERS_PER_BUYER - 1; i += 1) {
      const made = await checkoutAll(
        headers,
        body(sub, [line(await newProduct()), line(await newProduct())]),
      );
      expect(made.statusCode, made.body).toBe(201);
    }
    const last = await checkoutAll(headers, body(sub, [line(await newProduct()), line(await newProduct())]));
    expect(last.statusCode, last.body).toBe(201);
    const over = await checkoutAll(headers, body(sub, [line(await newProduct())]));
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatch(/unpaid orders/);
  });

  it('names a group by its count on the sandbox page, and a group of one line by that line (never "1 items")', async () => {
    const { sub, headers } = await newBuyer();
    const [first, second, only] = [await newProduct(), await newProduct(), await newProduct()];
    const two = (await checkoutAll(headers, body(sub, [line(first), line(second)]))).json();
    const one = (await checkoutAll(headers, body(sub, [line(only, 1, 'good')]))).json();
    const view = async (paymentId: string) =>
      (await t.app.inject({ url: `/api/payments/sandbox/${paymentId}`, headers })).json();
    expect(await view(two.payment_id)).toMatchObject({ title: '2 items', condition: '' });
    expect(await view(one.payment_id)).toMatchObject({ title: `Camera ${only}`, condition: 'good' });
  });

  it('is paid as one by the sandbox Pay: every line finished, one paid e-mail to the buyer and one to the seller', async () => {
    const first = await newProduct();
    const second = await newProduct();
    const { sub, headers } = await newBuyer();
    const created = (await checkoutAll(headers, body(sub, [line(first), line(second, 2)]))).json();
    const view = await t.app.inject({ url: `/api/payments/sandbox/${created.payment_id}`, headers });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      payment_id: created.payment_id,
      total_amount: '59.97',
      lines: [{}, {}],
    });
    const pay = () =>
      t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${created.payment_id}/pay`, headers });
    expect((await pay()).json()).toMatchObject({ payment_status: 'finished', amount_paid: '59.97' });
    expect((await pay()).statusCode).toBe(200);
    expect((await ordersOf(created.payment_id)).map((row) => row.payment_status)).toEqual([
      'finished',
      'finished',
    ]);
    const paid = await mails(`order_paid:${created.payment_id}`);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ audience: 'buyer', recipient: SHIPPING.email, kind: 'order_paid' });
    const content = JSON.parse(paid[0]!.content);
    expect(content.lines).toEqual([
      { label: `Camera ${first} (Acceptable) × 1`, value: '$19.99' },
      { label: `Camera ${second} (Acceptable) × 2`, value: '$39.98' },
    ]);
    expect(content.details).toContainEqual(['Total', '$59.97']);
    expect(content.action).toEqual({ label: 'See your orders', href: '/account' });
    const seller = await mails(`order_new:${created.payment_id}`);
    expect(seller).toHaveLength(1);
    expect(seller[0]).toMatchObject({ audience: 'seller', recipient: null });
    const sellerContent = JSON.parse(seller[0]!.content);
    expect(sellerContent.details).toEqual(
      expect.arrayContaining([
        ['Name', SHIPPING.contact_name],
        ['E-mail', SHIPPING.email],
        ['Phone', SHIPPING.phone],
      ]),
    );
    expect(sellerContent.action.href).toBe('/orders');
  });

  it('is expired as one by the sweep: every unit back, one expired e-mail', async () => {
    const first = await newProduct(2);
    const second = await newProduct(2);
    const { sub, headers } = await newBuyer();
    const created = (await checkoutAll(headers, body(sub, [line(first), line(second)]))).json();
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await sweepUnpaidOrders(t.handle.db, later, 60)).toBeGreaterThanOrEqual(1);
    expect(await sweepUnpaidOrders(t.handle.db, later, 60)).toBe(0);
    expect(
      (await ordersOf(created.payment_id)).map((row) => [row.payment_status, row.stock_reserved]),
    ).toEqual([
      ['expired', 0],
      ['expired', 0],
    ]);
    expect([await units(first), await units(second)]).toEqual([2, 2]);
    const expired = await mails(`payment_expired:${created.payment_id}:%`);
    expect(expired).toHaveLength(1);
    expect(JSON.parse(expired[0]!.content).action.href).toBe('/account');
    // Nothing had arrived, so the seller has nothing to settle.
    expect(await mails(`order_attention:%:${created.payment_id}%`)).toEqual([]);
  });

  it('deletes the whole group when the buyer (or the admin) deletes one of its lines', async () => {
    const first = await newProduct(2);
    const second = await newProduct(2);
    const { sub, headers } = await newBuyer();
    const created = (await checkoutAll(headers, body(sub, [line(first), line(second)]))).json();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${created.payment_ids[1]}`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ordersOf(created.payment_id)).toEqual([]);
    expect([await units(first), await units(second)]).toEqual([2, 2]);

    const again = (await checkoutAll(headers, body(sub, [line(first), line(second)]))).json();
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${again.payment_ids[0]}`,
      headers: admin,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await ordersOf(again.payment_id)).toEqual([]);
    expect([await units(first), await units(second)]).toEqual([2, 2]);
  });

  it("ships the group as one parcel: every line sent, one e-mail with the carrier's tracking link", async () => {
    const { sub, headers } = await newBuyer();
    const created = (
      await checkoutAll(headers, body(sub, [line(await newProduct()), line(await newProduct())]))
    ).json();
    const ship = (shipped = true) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin-purchases/${created.payment_ids[0]}/shipped`,
        headers: admin,
        payload: { shipped, postal_service: 'USPS', tracking_number: '9400100000000000000000' },
      });
    expect((await ship()).statusCode).toBe(409); // not paid yet
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${created.payment_id}/pay`, headers });
    expect((await ship()).statusCode).toBe(200);
    expect((await ship()).statusCode).toBe(200);
    expect((await ordersOf(created.payment_id)).map((row) => [row.shipped, row.tracking_number])).toEqual([
      [1, '9400100000000000000000'],
      [1, '9400100000000000000000'],
    ]);
    const sent = await mails(`order_sent:${created.payment_id}:%`);
    expect(sent).toHaveLength(1);
    const content = JSON.parse(sent[0]!.content);
    expect(content.details).toEqual(
      expect.arrayContaining([
        ['Sent with', 'USPS'],
        ['Tracking number', '9400100000000000000000'],
      ]),
    );
    expect(content.action.href).toMatch(/^https:\/\/tools\.usps\.com\/.*9400100000000000000000/);

    // A typo in the tracking number: unmarked, marked again corrected, and the buyer is told the new one.
    const remark = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin-purchases/${created.payment_ids[0]}/shipped`,
        headers: admin,
        payload,
      });
    expect((await remark({ shipped: false, postal_service: '', tracking_number: '' })).statusCode).toBe(200);
    const corrected = { shipped: true, postal_service: 'UPS', tracking_number: '1Z999AA10123456784' };
    expect((await remark(corrected)).statusCode).toBe(200);
    expect((await remark(corrected)).statusCode).toBe(200);
    const again = await mails(`order_sent:${created.payment_id}:%`);
    expect(again).toHaveLength(2);
    expect(JSON.parse(again[1]!.content).details).toEqual(
      expect.arrayContaining([
        ['Sent with', 'UPS'],
        ['Tracking number', '1Z999AA10123456784'],
      ]),
    );
  });
});
