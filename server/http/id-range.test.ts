/**
 * Every numeric id an input names is range-checked before it reaches a database (issue 33): a path, a
 * query string, a body, a CSV cell. 2147483648 (one past PostgreSQL's integer, a 500 there before) and
 * 0 and -1 are answered 400 with the same sentence on SQLite and PostgreSQL, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DATABASE_ID, MAX_PRODUCT_ID } from '../../shared/schemas/common.js';
import { addProduct, SHIPPING } from '../test/fixtures.js';
import {
  adminHeaders,
  type AuthHeaders,
  buyerHeaders,
  createTestApp,
  TEST_DIALECTS,
  type TestApp,
} from '../test/harness.js';

const TOO_LARGE = String(MAX_DATABASE_ID + 1);

interface Case {
  name: string;
  as: 'anyone' | 'buyer' | 'admin';
  method: 'GET' | 'POST';
  url: (value: string) => string;
  payload?: (value: string) => Record<string, unknown>;
  field: string;
}

/** Where the sentence says the value was: 'Invalid path parameter "id": …', 'Invalid field "product_id": …'. */
const placeOf = (input: Case) =>
  input.payload ? 'field' : input.url('1').includes(`=1`) ? 'query parameter' : 'path parameter';

const BUYER = 'id-range-buyer';

const CASES: Case[] = [
  { name: 'a product page', as: 'anyone', method: 'GET', url: (v) => `/api/products/${v}`, field: 'id' },
  {
    name: 'a product view',
    as: 'anyone',
    method: 'POST',
    url: (v) => `/api/products/${v}/view`,
    field: 'id',
  },
  {
    name: 'a catalogue page number',
    as: 'anyone',
    method: 'GET',
    url: (v) => `/api/catalog?shop=ayz&page=${v}`,
    field: 'page',
  },
  {
    name: 'a chat image',
    as: 'buyer',
    method: 'GET',
    url: (v) => `/api/chats/${v}/images/${'a'.repeat(32)}.webp`,
    field: 'chatId',
  },
  {
    name: 'a chat to start about a product',
    as: 'buyer',
    method: 'POST',
    url: () => '/api/chats',
    payload: (v) => ({
      productId: Number(v),
      title: 'About it',
      buyer_name: 'Buyer',
      store: 'ayz',
      buyerGoogleId: BUYER,
    }),
    field: 'productId',
  },
  {
    name: 'a cart line',
    as: 'buyer',
    method: 'POST',
    url: () => '/api/cart',
    payload: (v) => ({
      google_id: BUYER,
      product_id: Number(v),
      condition: 'acceptable',
      store: 'ayz',
      quantity: 1,
    }),
    field: 'product_id',
  },
  {
    name: 'a purchase',
    as: 'buyer',
    method: 'POST',
    url: () => '/api/create-purchase',
    payload: (v) => ({
      google_id: BUYER,
      product_id: v,
      store: 'ayz',
      condition: 'acceptable',
      quantity: 1,
      total_amount: 1,
      ...SHIPPING,
    }),
    field: 'product_id',
  },
  {
    name: 'an e-mail to send again',
    as: 'admin',
    method: 'POST',
    url: (v) => `/api/admin/outbox/${v}/resend`,
    field: 'id',
  },
  {
    name: "the admin's product list page",
    as: 'admin',
    method: 'GET',
    url: (v) => `/api/admin/products?shop=ayz&page=${v}`,
    field: 'page',
  },
];

const VALUES: [string, string][] = [
  [TOO_LARGE, 'is too large'],
  ['0', 'must be 1 or more'],
  ['-1', 'must be 1 or more'],
];

describe.each(TEST_DIALECTS)('numeric ids out of range on %s', (dialect) => {
  let t: TestApp;
  const headers: Record<Case['as'], AuthHeaders | Record<string, never>> = {
    anyone: {},
    buyer: {},
    admin: {},
  };

  /** Every table's rows that a refused call could change. */
  async function stored() {
    const db = t.handle.db;
    return {
      products: await db.selectFrom('products').selectAll().orderBy('shop').orderBy('id').execute(),
      conditions: await db.selectFrom('product_conditions').selectAll().orderBy('product_id').execute(),
      orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
      cart: await db.selectFrom('cart_items').selectAll().execute(),
      chats: await db.selectFrom('chats').selectAll().execute(),
      outbox: await db.selectFrom('mail_outbox').selectAll().orderBy('id').execute(),
    };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await addProduct(t.handle.db, 'ayz', 77, { title: 'Lamp' });
    headers.buyer = await buyerHeaders(t, { sub: BUYER });
    headers.admin = await adminHeaders(t);
  });
  afterAll(() => t.close());

  it('keeps product ids below the database limit', () => {
    expect(MAX_PRODUCT_ID).toBeLessThan(MAX_DATABASE_ID);
  });

  for (const input of CASES) {
    it.each(VALUES)(
      `answers ${input.name} naming %s with 400 '${input.field}' %s, changing nothing`,
      async (value, sentence) => {
        const before = await stored();
        const response = await t.app.inject({
          method: input.method,
          url: input.url(value),
          headers: headers[input.as],
          ...(input.payload ? { payload: input.payload(value) } : {}),
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({
          error: `Invalid ${placeOf(input)} "${input.field}": ${sentence}.`,
        });
        expect(await stored()).toEqual(before);
      },
    );
  }

  it('names an id over the limit in a CSV import as an error line, writing nothing', async () => {
    const before = await stored();
    for (const dryRun of [true, false]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/import?shop=ayz&dryRun=${dryRun}`,
        headers: { ...headers.admin, 'content-type': 'text/csv' },
        payload: ['id,title', '77,Lamp', `${TOO_LARGE},Too far`, '0,Zero', '-1,Below'].join('\n'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().errors).toEqual([
        { line: 3, field: 'id', error: 'is too large' },
        { line: 4, field: 'id', error: 'must be 1 or more' },
        { line: 5, field: 'id', error: 'must be 1 or more' },
      ]);
    }
    expect(await stored()).toEqual(before);
  });
});
