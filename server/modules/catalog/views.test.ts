/** POST /api/products/{id}/view: one view per client per product per window, shared by every app process. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { addProduct } from '../../test/fixtures.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { deleteProduct } from './repository.js';
import { purgeExpiredViews, VIEW_WINDOW_MS } from './service.js';

describe.each(TEST_DIALECTS)('product views on %s', (dialect) => {
  let t: TestApp;
  let nextId = 1;
  /** A fresh product per test, so no test sees another's views. */
  const freshProduct = async (shop: 'default' | 'ayz' = 'default') => {
    const id = nextId++;
    await addProduct(t.handle.db, shop, id);
    return id;
  };
  const view = async (id: number, remoteAddress: string, app = t.app) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/products/${id}/view?shop=default`,
      headers: { 'content-type': 'application/json' },
      remoteAddress,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const storedCount = async (id: number) =>
    (
      await t.handle.db
        .selectFrom('products')
        .select('view_count')
        .where('shop', '=', 'default')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).view_count;
  /** Moves a product's view records back in time, as if they had been made that long ago. */
  const backdate = async (id: number, ms: number) => {
    await t.handle.db
      .updateTable('product_views')
      .set({ viewed_at: new Date(Date.now() - ms).toISOString() })
      .where('shop', '=', 'default')
      .where('product_id', '=', id)
      .execute();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('counts one client viewing ten times once, answering the unchanged count each time', async () => {
    const id = await freshProduct();
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await view(id, '203.0.113.5'));
    expect(answers).toEqual(Array(10).fill({ status: 200, body: { ok: true, view_count: 1 } }));
    expect(await storedCount(id)).toBe(1);
  });

  it('counts two clients twice, and an IPv6 client by its /64', async () => {
    const id = await freshProduct();
    expect((await view(id, '203.0.113.5')).body.view_count).toBe(1);
    expect((await view(id, '203.0.113.6')).body.view_count).toBe(2);
    expect((await view(id, '2001:db8:1:2::1')).body.view_count).toBe(3);
    // Same /64, another address (and the same address spelled differently): the same client.
    expect((await view(id, '2001:db8:1:2:ffff::9')).body.view_count).toBe(3);
    expect((await view(id, '2001:0db8:0001:0002:0:0:0:1')).body.view_count).toBe(3);
    expect((await view(id, '2001:db8:1:3::1')).body.view_count).toBe(4);
    // An IPv4 client seen through an IPv6 socket is still that IPv4 client.
    expect((await view(id, '::ffff:203.0.113.5')).body.view_count).toBe(4);
  });

  it('counts the same client again once the window has passed, and not a moment before', async () => {
    const id = await freshProduct();
    expect((await view(id, '198.51.100.7')).body.view_count).toBe(1);
    await backdate(id, VIEW_WINDOW_MS - 60_000);
    expect((await view(id, '198.51.100.7')).body.view_count).toBe(1);
    await backdate(id, VIEW_WINDOW_MS + 1000);
    expect((await view(id, '198.51.100.7')).body.view_count).toBe(2);
    expect((await view(id, '198.51.100.7')).body.view_count).toBe(2);
  });

  it('counts ten simultaneous views from one client once, and from ten clients ten times', async () => {
    const id = await freshProduct();
    const same = await Promise.all(Array.from({ length: 10 }, () => view(id, '192.0.2.44')));
    expect(same.every((answer) => answer.status === 200)).toBe(true);
    expect(await storedCount(id)).toBe(1);
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => view(id, `192.0.2.${100 + i}`)));
    expect(many.every((answer) => answer.status === 200)).toBe(true);
    expect(await storedCount(id)).toBe(11);
    expect(many.map((answer) => answer.body.view_count).sort((a, b) => a - b)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
  });

  it('shares the limit between app processes over one database', async () => {
    const id = await freshProduct();
    const second = await buildApp(t.app.deps, { serveClient: false });
    try {
      expect((await view(id, '192.0.2.9')).body.view_count).toBe(1);
      expect((await view(id, '192.0.2.9', second)).body.view_count).toBe(1);
      const together = await Promise.all([
        view(id, '192.0.2.10', second),
        view(id, '192.0.2.10'),
        view(id, '192.0.2.10', second),
      ]);
      expect(together.every((answer) => answer.status === 200)).toBe(true);
      expect(await storedCount(id)).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('answers 404 for an unknown product and records nothing', async () => {
    expect(await view(4040, '192.0.2.1')).toEqual({
      status: 404,
      body: { error: 'There is no product 4040 in the Referrals Shop.' },
    });
    const rows = await t.handle.db
      .selectFrom('product_views')
      .select('viewer')
      .where('product_id', '=', 4040)
      .execute();
    expect(rows).toEqual([]);
  });

  it('stores a hash of the client, never its address', async () => {
    const id = await freshProduct();
    await view(id, '192.0.2.77');
    const rows = await t.handle.db
      .selectFrom('product_views')
      .select('viewer')
      .where('shop', '=', 'default')
      .where('product_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.viewer).not.toContain('192.0.2');
    expect(rows[0]!.viewer).toMatch(/^[\w-]{43}$/);
  });

  it('forgets a deleted product’s views, so a new product with its id starts afresh', async () => {
    const id = await freshProduct();
    expect((await view(id, '192.0.2.88')).body.view_count).toBe(1);
    await t.handle.db.transaction().execute((trx) => deleteProduct(trx, 'default', id));
    await addProduct(t.handle.db, 'default', id);
    expect((await view(id, '192.0.2.88')).body.view_count).toBe(1);
  });

  it('purges only expired view records', async () => {
    const old = await freshProduct();
    const recent = await freshProduct();
    await view(old, '192.0.2.50');
    await view(old, '192.0.2.51');
    await view(recent, '192.0.2.50');
    await backdate(old, VIEW_WINDOW_MS + 1000);
    expect(await purgeExpiredViews(t.handle.db)).toBe(2);
    const left = await t.handle.db
      .selectFrom('product_views')
      .select('product_id')
      .where('product_id', 'in', [old, recent])
      .execute();
    expect(left).toEqual([{ product_id: recent }]);
    // The same client counts again for the purged product, once.
    expect((await view(old, '192.0.2.50')).body.view_count).toBe(3);
    expect((await view(old, '192.0.2.50')).body.view_count).toBe(3);
  });
});

describe('product views behind a trusted proxy', () => {
  it('tells clients apart by the forwarded address', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: '127.0.0.1' });
    try {
      await addProduct(t.handle.db, 'default', 1);
      const viewFrom = async (forwarded: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/products/1/view',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': forwarded },
          })
        ).json().view_count;
      expect(await viewFrom('203.0.113.1')).toBe(1);
      expect(await viewFrom('203.0.113.1')).toBe(1);
      expect(await viewFrom('203.0.113.2')).toBe(2);
    } finally {
      await t.close();
    }
  });
});
