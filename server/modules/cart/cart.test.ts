import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, conditions } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { signSessionToken } from '../buyers/session-token.js';
import { writeConditions } from '../stock/index.js';

/** A buyer's Authorization header, signed as sign-in would sign it. */
async function signedBuyer(t: TestApp, sub: string): Promise<{ authorization: string }> {
  const user = { sub, name: `Buyer ${sub}`, email: `${sub}@example.com`, picture: '' };
  return { authorization: `Bearer ${await signSessionToken(t.app.deps.secrets.sessionSecret, user)}` };
}

/** Everything a cart call could change, to check that a refused call changed none of it. */
async function storedState(t: TestApp) {
  const db = t.handle.db;
  return {
    cart: await db
      .selectFrom('cart_items')
      .selectAll()
      .orderBy('user_id')
      .orderBy('product_id')
      .orderBy('condition')
      .execute(),
    users: await db.selectFrom('users').select('id').orderBy('id').execute(),
    stock: await db
      .selectFrom('product_conditions')
      .selectAll()
      .orderBy('product_id')
      .orderBy('condition')
      .execute(),
  };
}

describe.each(TEST_DIALECTS)('cart on %s', (dialect) => {
  let t: TestApp;
  let alice: { authorization: string };
  let bob: { authorization: string };
  const line = { google_id: 'alice', product_id: 1, store: 'ayz', condition: 'acceptable' };

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // acceptable 19.99 ×5, good 29.99 ×0, verygood no price ×4, excellent 49.99 ×2.
    await addProduct(
      t.handle.db,
      'ayz',
      1,
      { title: 'Camera', image_count: 3 },
      conditions([1999, 5], [2999, 0], [0, 4], [4999, 2]),
    );
    await addProduct(t.handle.db, 'default', 1, { title: 'Affiliate thing' });
    // Plenty of stock, so only the most one line may hold stops it.
    await addProduct(t.handle.db, 'ayz', 2, { title: 'Cable' }, conditions([500, 500]));
    alice = await signedBuyer(t, 'alice');
    bob = await signedBuyer(t, 'bob');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.handle.db.deleteFrom('cart_items').execute();
  });

  it('answers each cart call only for the buyer named in it', async () => {
    const admin = await adminHeaders(t);
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['GET', '/api/cart/alice', undefined],
      ['POST', '/api/cart', { ...line, quantity: 1 }],
      ['PUT', '/api/cart/quantity', { ...line, quantity: 2 }],
      ['DELETE', '/api/cart', { google_id: 'alice', product_id: 1, condition: 'acceptable' }],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await call(method, url, {}, payload);
      expect(anonymous, `${method} ${url} anonymous`).toEqual({
        status: 401,
        body: { error: 'Please sign in to continue.' },
      });
      for (const headers of [admin, { authorization: 'Bearer not-a-token' }]) {
        expect((await call(method, url, headers, payload)).status, `${method} ${url}`).toBe(401);
      }
      const other = await call(method, url, bob, payload);
      expect(other, `${method} ${url} by another buyer`).toEqual({
        status: 403,
        body: { error: 'That account is not yours.' },
      });
      expect((await call(method, url, alice, payload)).status, `${method} ${url} by the buyer`).toBe(200);
    }
  });

  it('adds, shows with the current price and stock, changes and removes a line', async () => {
    expect(await call('POST', '/api/cart', alice, { ...line, quantity: 1 })).toEqual({
      status: 200,
      body: { ok: true },
    });
    await call('POST', '/api/cart', alice, { ...line, condition: 'excellent', quantity: 1 });
    // Adding the same line again adds to it.
    await call('POST', '/api/cart', alice, { ...line, quantity: 2 });
    const cart = await call('GET', '/api/cart/alice', alice);
    const product = await t.handle.db
      .selectFrom('products')
      .select('updated_at')
      .where('shop', '=', 'ayz')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(cart).toEqual({
      status: 200,
      body: [
        {
          product_id: 1,
          store: 'ayz',
          condition: 'acceptable',
          quantity: 3,
          price: '19.99',
          title: 'Camera',
          available_quantity: 5,
          imagecount: 3,
          updated_at: product.updated_at,
        },
        {
          product_id: 1,
          store: 'ayz',
          condition: 'excellent',
          quantity: 1,
          price: '49.99',
          title: 'Camera',
          available_quantity: 2,
          imagecount: 3,
          updated_at: product.updated_at,
        },
      ],
    });
    // Bob's cart is his own.
    expect((await call('GET', '/api/cart/bob', bob)).body).toEqual([]);

    expect((await call('PUT', '/api/cart/quantity', alice, { ...line, quantity: 5 })).status).toBe(200);
    const changed = (await call('GET', '/api/cart/alice', alice)).body as { quantity: number }[];
    expect(changed.map((item) => item.quantity)).toEqual([5, 1]);

    const removed = await call('DELETE', '/api/cart', alice, {
      google_id: 'alice',
      product_id: 1,
      condition: 'acceptable',
    });
    expect(removed).toEqual({ status: 200, body: { ok: true } });
    const left = (await call('GET', '/api/cart/alice', alice)).body as { condition: string }[];
    expect(left.map((item) => item.condition)).toEqual(['excellent']);
  });

  it('caps a line at the most one line may hold', async () => {
    const cable = { ...line, product_id: 2 };
    expect((await call('POST', '/api/cart', alice, { ...cable, quantity: 60 })).status).toBe(200);
    expect((await call('POST', '/api/cart', alice, { ...cable, quantity: 60 })).status).toBe(200);
    const cart = (await call('GET', '/api/cart/alice', alice)).body as { quantity: number }[];
    expect(cart.map((item) => item.quantity)).toEqual([99]);
  });

  it('creates the buyer row from the signed token when it is missing (a database reset)', async () => {
    const carol = await signedBuyer(t, 'carol');
    await t.handle.db.deleteFrom('users').where('id', '=', 'carol').execute();
    expect(
      (await call('POST', '/api/cart', carol, { ...line, google_id: 'carol', quantity: 1 })).status,
    ).toBe(200);
    const user = await t.handle.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', 'carol')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Buyer carol', email: 'carol@example.com' });
  });

  it.each([
    [{ quantity: 0 }, 400, 'Invalid field "quantity": must be 1 or more.'],
    [{ quantity: -1 }, 400, 'Invalid field "quantity": must be 1 or more.'],
    [{ quantity: 1.5 }, 400, 'Invalid field "quantity": must be a whole number.'],
    [{ quantity: 'x' }, 400, 'Invalid field "quantity": must be a whole number.'],
    [{ quantity: 1e12 }, 400, 'Invalid field "quantity": must be from 1 to 99.'],
    [{ quantity: null }, 400, 'Invalid field "quantity": must be a whole number.'],
    [{ product_id: 999 }, 404, 'There is no product 999 in the Open Box Store.'],
    [{ product_id: 'x' }, 400, 'Invalid field "product_id": must be a whole number.'],
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
    [{ store: 'default' }, 400, 'Invalid field "store": the Referrals Shop does not sell through the cart.'],
    [{ store: 'nope' }, 400, 'Invalid field "store": must be one of default, ayz, pc, smart.'],
    [{ google_id: 'ali\u0000ce' }, 400, 'Invalid field "google_id": must not contain NUL characters.'],
    [{ google_id: undefined }, 400, 'Invalid field "google_id": is required.'],
  ])('refuses adding %j with %i and a sentence, storing nothing', async (change, status, error) => {
    const before = await storedState(t);
    expect(await call('POST', '/api/cart', alice, { ...line, quantity: 1, ...change })).toEqual({
      status,
      body: { error },
    });
    expect(await storedState(t)).toEqual(before);
  });

  it('refuses bad quantity changes and unknown lines, storing nothing', async () => {
    await call('POST', '/api/cart', alice, { ...line, quantity: 2 });
    const before = await storedState(t);
    for (const quantity of [0, -1, 1.5, 'x', 100, 2 ** 53]) {
      const response = await call('PUT', '/api/cart/quantity', alice, { ...line, quantity });
      expect(response.status, String(quantity)).toBe(400);
      expect(response.body.error).toMatch(/^Invalid field "quantity"/);
    }
    const unknown = await call('PUT', '/api/cart/quantity', alice, {
      ...line,
      condition: 'excellent',
      quantity: 1,
    });
    expect(unknown).toEqual({ status: 404, body: { error: 'That item is not in your cart.' } });
    const gone = await call('DELETE', '/api/cart', alice, {
      google_id: 'alice',
      product_id: 1,
      condition: 'good',
    });
    expect(gone).toEqual({ status: 404, body: { error: 'That item is not in your cart.' } });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { ...alice, 'content-type': 'application/json' },
      payload: '{"google_id": "alice",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'The body is not valid JSON.' });
    expect(await storedState(t)).toEqual(before);
  });
  describe('stops a line at the stock (issue 20)', () => {
    // acceptable 19.99 ×1, excellent 49.99 ×2.
    const lamp = { google_id: 'alice', product_id: 3, store: 'ayz' };
    beforeAll(async () => {
      await addProduct(
        t.handle.db,
        'ayz',
        3,
        { title: 'Lamp' },
        conditions([1999, 1], [0, 0], [0, 0], [4999, 2]),
      );
    });

    const cartOfAlice = async () =>
      ((await call('GET', '/api/cart/alice', alice)).body as { condition: string; quantity: number }[]).map(
        ({ condition, quantity }) => ({ condition, quantity }),
      );

    /** A refused call answers 409 with `error` and changes nothing that is stored. */
    const expectRefused = async (method: 'POST' | 'PUT', payload: object, error: string) => {
      const before = await storedState(t);
      const url = method === 'POST' ? '/api/cart' : '/api/cart/quantity';
      expect(await call(method, url, alice, payload)).toEqual({ status: 409, body: { error } });
      expect(await storedState(t)).toEqual(before);
    };

    it('refuses adding the one unit left a second time with the issue’s sentence', async () => {
      const one = { ...lamp, condition: 'acceptable', quantity: 1 };
      expect(await call('POST', '/api/cart', alice, one)).toEqual({ status: 200, body: { ok: true } });
      await expectRefused('POST', one, 'Only 1 left — it is already in your cart.');
      await expectRefused('POST', one, 'Only 1 left — it is already in your cart.');
      expect(await cartOfAlice()).toEqual([{ condition: 'acceptable', quantity: 1 }]);
    });

    it('says how many more fit when the cart holds fewer than are left, in the right number', async () => {
      const excellent = { ...lamp, condition: 'excellent' };
      await expectRefused('POST', { ...excellent, quantity: 3 }, 'Only 2 left — you can add at most 2.');
      expect((await call('POST', '/api/cart', alice, { ...excellent, quantity: 1 })).status).toBe(200);
      await expectRefused(
        'POST',
        { ...excellent, quantity: 2 },
        'Only 2 left — 1 is in your cart, so you can add 1 more.',
      );
      expect((await call('POST', '/api/cart', alice, { ...excellent, quantity: 1 })).status).toBe(200);
      await expectRefused(
        'POST',
        { ...excellent, quantity: 1 },
        'Only 2 left — both are already in your cart.',
      );
      expect(await cartOfAlice()).toEqual([{ condition: 'excellent', quantity: 2 }]);
    });

    it('refuses a quantity change past the stock, and takes one up to it', async () => {
      await call('POST', '/api/cart', alice, { ...lamp, condition: 'acceptable', quantity: 1 });
      await call('POST', '/api/cart', alice, { ...lamp, condition: 'excellent', quantity: 1 });
      await expectRefused(
        'PUT',
        { ...lamp, condition: 'acceptable', quantity: 2 },
        'Only 1 left — it is already in your cart.',
      );
      await expectRefused(
        'PUT',
        { ...lamp, condition: 'excellent', quantity: 3 },
        'Only 2 left — choose 2 or fewer.',
      );
      expect(
        await call('PUT', '/api/cart/quantity', alice, { ...lamp, condition: 'excellent', quantity: 2 }),
      ).toEqual({ status: 200, body: { ok: true } });
      await expectRefused(
        'PUT',
        { ...lamp, condition: 'excellent', quantity: 3 },
        'Only 2 left — both are already in your cart.',
      );
      expect(await cartOfAlice()).toEqual([
        { condition: 'acceptable', quantity: 1 },
        { condition: 'excellent', quantity: 2 },
      ]);
    });

    it('shows a line whose stock fell below it, and lets it be lowered to what is left only', async () => {
      await addProduct(t.handle.db, 'ayz', 4, { title: 'Kettle' }, conditions([1500, 3]));
      const kettle = { google_id: 'alice', product_id: 4, store: 'ayz', condition: 'acceptable' };
      expect((await call('POST', '/api/cart', alice, { ...kettle, quantity: 3 })).status).toBe(200);
      // Another buyer's purchase (or the seller) leaves one.
      await writeConditions(t.handle.db, 'ayz', [
        { product_id: 4, condition: 'acceptable', price_cents: 1500, available_quantity: 1 },
      ]);
      const cart = (await call('GET', '/api/cart/alice', alice)).body as Record<string, unknown>[];
      expect(cart).toEqual([expect.objectContaining({ product_id: 4, quantity: 3, available_quantity: 1 })]);
      const lower = 'Only 1 left — your cart holds 3: lower the quantity to 1.';
      await expectRefused('POST', { ...kettle, quantity: 1 }, lower);
      await expectRefused('PUT', { ...kettle, quantity: 2 }, lower);
      expect((await call('PUT', '/api/cart/quantity', alice, { ...kettle, quantity: 1 })).status).toBe(200);

      await writeConditions(t.handle.db, 'ayz', [
        { product_id: 4, condition: 'acceptable', price_cents: 1500, available_quantity: 0 },
      ]);
      await expectRefused('PUT', { ...kettle, quantity: 1 }, 'The Acceptable condition is out of stock.');
      await expectRefused('POST', { ...kettle, quantity: 1 }, 'The Acceptable condition is out of stock.');
    });

    it('refuses a quantity change of a line whose condition lost its price, with the sentence (issue 30)', async () => {
      await addProduct(t.handle.db, 'ayz', 6, { title: 'Toaster' }, conditions([1500, 4]));
      const toaster = { google_id: 'alice', product_id: 6, store: 'ayz', condition: 'acceptable' };
      expect((await call('POST', '/api/cart', alice, { ...toaster, quantity: 1 })).status).toBe(200);
      // The seller takes the price away; its 4 units stay.
      await writeConditions(t.handle.db, 'ayz', [
        { product_id: 6, condition: 'acceptable', price_cents: 0, available_quantity: 4 },
      ]);
      const unpriced = 'The Acceptable condition of this product has no price, so it is not for sale.';
      await expectRefused('PUT', { ...toaster, quantity: 2 }, unpriced);
      await expectRefused('POST', { ...toaster, quantity: 1 }, unpriced);
    });

    it('lets no two adds at once pass the stock together', async () => {
      await addProduct(t.handle.db, 'ayz', 5, { title: 'Radio' }, conditions([2500, 3]));
      const radio = { google_id: 'alice', product_id: 5, store: 'ayz', condition: 'acceptable', quantity: 1 };
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => call('POST', '/api/cart', alice, radio)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(3).fill(200), ...Array(9).fill(409)]);
      expect(await cartOfAlice()).toEqual([{ condition: 'acceptable', quantity: 3 }]);
    });
  });
});
