import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, conditions } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

describe.each(TEST_DIALECTS)('admin products table and bulk actions on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const call = async (method: string, url: string, payload?: unknown, auth = true) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: auth ? headers : {},
      payload: payload as string,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const db = () => t.handle.db;
  const stored = (shop: string, id: number) =>
    db().selectFrom('products').selectAll().where('shop', '=', shop).where('id', '=', id).executeTakeFirst();
  const conditionPrices = async (id: number) =>
    (
      await db()
        .selectFrom('product_conditions')
        .select(['condition', 'price_cents'])
        .where('shop', '=', 'ayz')
        .where('product_id', '=', id)
        .orderBy('condition')
        .execute()
    ).map((row) => [row.condition, row.price_cents]);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await db().deleteFrom('products').execute();
    for (let id = 1; id <= 12; id += 1) {
      await addProduct(db(), 'default', id, {
        title: id % 2 ? `Lamp ${id}` : `Écran ${id}`,
        category: id <= 6 ? 'Lights' : 'Screens',
        price_cents: id * 1000 + 5,
        availability: id === 12 ? 'NO' : 'YES',
      });
    }
    await addProduct(
      db(),
      'ayz',
      1,
      { title: 'Open lamp' },
      conditions([1001, 1], [0, 0], [2999, 3], [500, 0]),
    );
    // Five units, all in a condition with no price: none on sale (issue 30).
    await addProduct(db(), 'ayz', 2, { title: 'Open screen' }, conditions([0, 5], [0, 0], [0, 0], [0, 0]));
  });

  it('pages, sorts and filters the products table', async () => {
    const page = await call('GET', '/api/admin/products?shop=default&sort=price_desc');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 12, page: 1, pageSize: 50 });
    expect(page.body.items.map((item: { id: number }) => item.id).slice(0, 3)).toEqual([12, 11, 10]);
    expect(page.body.items[0]).toEqual({
      id: 12,
      title: 'Écran 12',
      main_category: 'Main',
      category: 'Screens',
      price: '120.05',
      availability: 'NO',
      stock: 0,
      views: 0,
      clicks_30d: 0,
      clicks_per_view: null,
      preview: expect.stringMatching(/^\/images\/Products\/12\/preview\/1\.webp\?v=/),
      updated_at: expect.any(String),
    });
    const search = await call(
      'GET',
      '/api/admin/products?shop=default&q=ÉCR&category=Screens&availability=YES',
    );
    expect(search.body.items.map((item: { id: number }) => item.id)).toEqual([8, 10]);
    expect(search.body.total).toBe(2);
    // Affiliate products keep no stock: the filter is the open box's alone ("in stock" would match none).
    const affiliate = await call('GET', '/api/admin/products?shop=default&stock=in');
    expect(affiliate.body.total).toBe(12);
    const stock = await call('GET', '/api/admin/products?shop=ayz&stock=in');
    expect(stock.body.items.map((item: { id: number; stock: number }) => [item.id, item.stock])).toEqual([
      [1, 4],
    ]);
    // Units of an unpriced condition are not stock: the product is out of stock, its stock 0.
    const out = await call('GET', '/api/admin/products?shop=ayz&stock=out');
    expect(out.body.items.map((item: { id: number; stock: number }) => [item.id, item.stock])).toEqual([
      [2, 0],
    ]);
  });

  it('refuses a bad query and a caller without the admin token', async () => {
    expect(await call('GET', '/api/admin/products?shop=default&sort=cheapest')).toEqual({
      status: 400,
      body: { error: expect.stringContaining('sort') },
    });
    expect((await call('GET', '/api/admin/products?page=0')).status).toBe(400);
    expect((await call('GET', '/api/admin/products?shop=default', undefined, false)).status).toBe(401);
    expect(
      (await call('POST', '/api/admin/bulk?shop=default', { ids: [1], action: 'delete' }, false)).status,
    ).toBe(401);
    expect(await stored('default', 1)).toBeDefined();
  });

  it('raises chosen prices by a percent, rounded to cents, and bumps updated_at', async () => {
    // The shop's cached catalogue is read first, so the change must invalidate it to show.
    const shown = async () =>
      (await call('GET', '/api/catalog?shop=default&q=Lamp%203', undefined, false)).body.items[0].price;
    expect(await shown()).toBe('30.05');
    const before = await stored('default', 3);
    const result = await call('POST', '/api/admin/bulk?shop=default', {
      ids: [3, 4],
      action: 'price',
      value: { percent: 10 },
    });
    expect(result).toEqual({ status: 200, body: { changed: 2 } });
    expect((await stored('default', 3))!.price_cents).toBe(3306); // 3005 × 1.1 = 3305.5 → 3306
    expect((await stored('default', 4))!.price_cents).toBe(4406); // 4005 × 1.1 = 4405.5 → 4406
    expect((await stored('default', 5))!.price_cents).toBe(5005);
    expect((await stored('default', 3))!.updated_at > before!.updated_at).toBe(true);
    expect(await shown()).toBe('33.06');
  });

  it('lowers prices by an amount but never below a cent, for every product a filter matches', async () => {
    const result = await call('POST', '/api/admin/bulk?shop=default', {
      filter: { q: 'lamp', category: 'Lights' },
      action: 'price',
      value: { amount: '-20.05' },
    });
    expect(result.body).toEqual({ changed: 3 }); // lamps 1, 3, 5
    expect((await stored('default', 1))!.price_cents).toBe(1); // 10.05 - 20.05 stays priced
    expect((await stored('default', 3))!.price_cents).toBe(1000);
    expect((await stored('default', 5))!.price_cents).toBe(3000);
    expect((await stored('default', 7))!.price_cents).toBe(7005);
  });

  it('changes every positive open-box condition price and derives the lowest price again', async () => {
    const result = await call('POST', '/api/admin/bulk?shop=ayz', {
      ids: [1, 2],
      action: 'price',
      value: { percent: -50 },
    });
    expect(result.body).toEqual({ changed: 2 });
    expect(await conditionPrices(1)).toEqual([
      ['acceptable', 501],
      ['excellent', 250],
      ['good', 0],
      ['verygood', 1500],
    ]);
    expect((await stored('ayz', 1))!.price_cents).toBe(250);
    expect((await stored('ayz', 2))!.price_cents).toBe(0);
  });

  it('sets availability and category by ids and by filter', async () => {
    expect(
      (
        await call('POST', '/api/admin/bulk?shop=default', {
          filter: { availability: 'YES' },
          action: 'availability',
          value: 'NO',
        })
      ).body,
    ).toEqual({ changed: 11 });
    expect((await call('GET', '/api/admin/products?shop=default&availability=NO')).body.total).toBe(12);
    const moved = await call('POST', '/api/admin/bulk?shop=default', {
      ids: [1, 2, 999],
      action: 'category',
      value: { main_category: 'Home', category: 'Desk' },
    });
    expect(moved.body).toEqual({ changed: 2 });
    expect(await stored('default', 2)).toMatchObject({ main_category: 'Home', category: 'Desk' });
    const refused = await call('POST', '/api/admin/bulk?shop=ayz', {
      ids: [1],
      action: 'availability',
      value: 'NO',
    });
    expect(refused).toEqual({
      status: 400,
      body: { error: 'The Open Box Store has no availability to change.' },
    });
  });

  it('deletes chosen products with their image folders', async () => {
    const folder = path.join(t.config.imagesDir, 'Products', '7');
    fs.mkdirSync(path.join(folder, 'preview'), { recursive: true });
    fs.writeFileSync(path.join(folder, '1.webp'), 'image');
    const result = await call('POST', '/api/admin/bulk?shop=default', { ids: [7, 8], action: 'delete' });
    expect(result.body).toEqual({ changed: 2 });
    expect(fs.existsSync(folder)).toBe(false);
    expect(await stored('default', 7)).toBeUndefined();
    expect(await stored('default', 9)).toBeDefined();
  });

  it('deletes by filter in one go, leaving the rest', async () => {
    const result = await call('POST', '/api/admin/bulk?shop=default', {
      filter: { category: 'Screens' },
      action: 'delete',
    });
    expect(result.body).toEqual({ changed: 6 });
    expect((await call('GET', '/api/admin/products?shop=default')).body.total).toBe(6);
    expect(await stored('ayz', 1)).toBeDefined();
  });

  it('refuses a bad bulk body and changes nothing', async () => {
    const cases: unknown[] = [
      { ids: [1], action: 'price', value: { percent: -101 } },
      { ids: [1], action: 'price', value: { amount: '1.234' } },
      { ids: [1], action: 'price', value: { percent: 5, amount: '1' } },
      { ids: [1], action: 'rename', value: 'x' },
      { ids: [1], filter: {}, action: 'delete' },
      { action: 'delete' },
      { ids: [], action: 'delete' },
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: 'delete' },
      { ids: [1], action: 'category', value: { main_category: '', category: 'x' } },
    ];
    for (const body of cases) {
      const result = await call('POST', '/api/admin/bulk?shop=default', body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.error, JSON.stringify(body)).toMatch(/^Invalid field/);
    }
    expect((await call('GET', '/api/admin/products?shop=default')).body.total).toBe(12);
    expect((await stored('default', 1))!.price_cents).toBe(1005);
  });
});
