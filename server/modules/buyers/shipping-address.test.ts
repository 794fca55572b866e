/**
 * GET /api/account/shipping-address (issue 20): the address of the buyer's last purchase, written by
 * both checkouts, read only by that buyer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, conditions, SHIPPING } from '../../test/fixtures.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  standInPaymentProvider,
  TEST_DIALECTS,
  type AuthHeaders,
  type TestApp,
} from '../../test/harness.js';
import { SIGN_IN_REQUIRED } from './require-buyer.js';

const ELSEWHERE = {
  email: 'bob@example.org',
  address: '9 Harbour Road',
  postal_code: 'M5J 2N8',
  city: 'Toronto',
  state_prov: 'ON',
  contact_name: 'Bob Other',
  phone: '+1 416 555 0199',
};

describe.each(TEST_DIALECTS)('GET /api/account/shipping-address on %s', (dialect) => {
  let t: TestApp;
  let alice: AuthHeaders;
  let bob: AuthHeaders;
  let nextProductId = 1;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { paymentProvider: standInPaymentProvider });
    alice = await buyerHeaders(t, { sub: 'alice' });
    bob = await buyerHeaders(t, { sub: 'bob' });
  });
  afterAll(() => t.close());

  /** A product with 5 acceptable units at 19.99 and 1 good at 29.99. */
  async function newProduct(): Promise<number> {
    const id = nextProductId++;
    await addProduct(t.handle.db, 'ayz', id, { title: `Camera ${id}` }, conditions([1999, 5], [2999, 1]));
    return id;
  }
  const read = (headers?: AuthHeaders) =>
    t.app.inject({ method: 'GET', url: '/api/account/shipping-address', ...(headers ? { headers } : {}) });
  const addressOf = async (headers: AuthHeaders) => {
    const response = await read(headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().shipping_address as unknown;
  };
  const buyOne = (
    headers: AuthHeaders,
    sub: string,
    productId: number,
    shipping: object,
    condition = 'acceptable',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers,
      payload: { google_id: sub, product_id: productId, store: 'ayz', condition, quantity: 1, ...shipping },
    });
  const buyAll = (headers: AuthHeaders, sub: string, productIds: number[], shipping: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-cart-purchase',
      headers,
      payload: {
        google_id: sub,
        store: 'ayz',
        lines: productIds.map((product_id) => ({ product_id, condition: 'acceptable', quantity: 1 })),
        ...shipping,
      },
    });

  it('is null before the first purchase, then the last purchase’s address, kept from private caches', async () => {
    const carol = await buyerHeaders(t, { sub: 'carol' });
    const before = await read(carol);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ shipping_address: null });

    // The form's fields as sent, trimmed as the purchase stores them.
    const typed = { ...SHIPPING, address: '  1 Main Street  ', city: 'Springfield ' };
    expect((await buyOne(carol, 'carol', await newProduct(), typed)).statusCode).toBe(201);
    const after = await read(carol);
    expect(after.headers['cache-control']).toBe('no-store');
    expect(after.json()).toEqual({ shipping_address: SHIPPING });

    // "Checkout all" writes it too, replacing the one before.
    const moved = { ...SHIPPING, address: '2 Elm Street', phone: '555-0101' };
    const both = [await newProduct(), await newProduct()];
    expect((await buyAll(carol, 'carol', both, moved)).statusCode).toBe(201);
    expect(await addressOf(carol)).toEqual(moved);
  });

  it('never shows a buyer another buyer’s address', async () => {
    expect((await buyOne(alice, 'alice', await newProduct(), SHIPPING)).statusCode).toBe(201);
    expect((await buyOne(bob, 'bob', await newProduct(), ELSEWHERE)).statusCode).toBe(201);
    expect(await addressOf(alice)).toEqual(SHIPPING);
    expect(await addressOf(bob)).toEqual(ELSEWHERE);
    const dave = await buyerHeaders(t, { sub: 'dave' });
    expect(await addressOf(dave)).toBeNull();
    // Another buyer's purchase cannot be made in alice's name, so it cannot write her address either.
    const forged = await buyOne(bob, 'alice', await newProduct(), ELSEWHERE);
    expect(forged.statusCode).toBe(403);
    expect(await addressOf(alice)).toEqual(SHIPPING);
  });

  it('keeps the last address when a purchase is refused', async () => {
    const erin = await buyerHeaders(t, { sub: 'erin' });
    const id = await newProduct();
    expect((await buyOne(erin, 'erin', id, SHIPPING)).statusCode).toBe(201);

    const badEmail = await buyOne(erin, 'erin', id, { ...ELSEWHERE, email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/^Invalid field "email"/);
    const empty = await buyAll(erin, 'erin', [id], { ...ELSEWHERE, city: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/^Invalid field "city"/);
    // The one good unit goes to the first purchase; the second finds none and changes nothing.
    expect((await buyOne(erin, 'erin', id, SHIPPING, 'good')).statusCode).toBe(201);
    expect((await buyOne(erin, 'erin', id, ELSEWHERE, 'good')).statusCode).toBe(409);
    expect(await addressOf(erin)).toEqual(SHIPPING);
  });

  it('needs a signed-in buyer (an admin token is not one)', async () => {
    const admin = await adminHeaders(t);
    for (const headers of [undefined, { authorization: 'Bearer not-a-token' }, admin]) {
      const response = await read(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: SIGN_IN_REQUIRED });
      expect(response.body).not.toContain('Main Street');
    }
  });
});
