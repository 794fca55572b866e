import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, conditions } from '../../test/fixtures.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

describe.each(TEST_DIALECTS)('catalogue API on %s', (dialect) => {
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.handle.db;
    // Referrals: 30 audio products (paging), two in another category, one with a LIKE wildcard in its title.
    for (let id = 1; id <= 30; id += 1) {
      await addProduct(db, 'default', id, {
        title: `Headphones model ${String(id).padStart(2, '0')}`,
        main_category: 'Electronics',
        category: 'Headphones',
        price_cents: id * 100,
        rate: id % 6,
        view_count: id === 7 ? 999 : id,
      });
    }
    await addProduct(db, 'default', 31, {
      title: 'apple Peeler 100% steel',
      main_category: 'Home',
      category: 'Kitchen',
      price_cents: 250,
      typical_price_cents: 399,
    });
    await addProduct(db, 'default', 32, {
      title: 'Zebra Mug',
      main_category: 'Home',
      category: 'Kitchen',
      availability: 'NO',
    });
    // PC: totals per sub-category.
    await addProduct(db, 'pc', 1, {
      category: 'CPUs',
      main_category: 'Components',
      price_cents: 10_050,
      typical_price_cents: 12_000,
    });
    await addProduct(db, 'pc', 2, {
      category: 'CPUs',
      main_category: 'Components',
      price_cents: 20_025,
      typical_price_cents: 0,
    });
    await addProduct(db, 'pc', 3, {
      category: 'SSDs',
      main_category: 'Storage',
      price_cents: 5_000,
      typical_price_cents: 6_000,
    });
    // Open box: single-stock, several, none; one with no positive price at all.
    await addProduct(db, 'ayz', 1, { title: 'B several' }, conditions([2000, 2], [3000, 3], [0, 0], [0, 0]));
    await addProduct(db, 'ayz', 2, { title: 'C sold out' }, conditions([1500, 0], [0, 0], [0, 0], [0, 0]));
    await addProduct(
      db,
      'ayz',
      3,
      { title: 'D single', ebay: 'https://ebay.example/x' },
      conditions([0, 0], [0, 0], [9900, 1], [0, 0]),
    );
    // Issue 30: units only in unpriced conditions are not on sale (out of stock), and one priced unit
    // beside four unpriced ones is single-stock.
    await addProduct(db, 'ayz', 4, { title: 'A free' }, conditions([0, 2], [0, 0], [0, 0], [0, 0]));
    await addProduct(db, 'ayz', 5, { title: 'E mixed' }, conditions([0, 4], [0, 0], [0, 0], [5000, 1]));
  });
  afterAll(() => t.close());

  it('answers health with the dialect', async () => {
    expect(await get('/api/health')).toMatchObject({ status: 200, body: { ok: true, db: dialect } });
  });

  it('pages a category 25 at a time in title order', async () => {
    const first = await get('/api/catalog?category=Headphones');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(30);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0]).toMatchObject({
      kind: 'affiliate',
      id: 1,
      price: '1.00',
      typical_price: '0',
    });
    const second = await get('/api/catalog?category=Headphones&page=2');
    expect(second.body.items.map((p: { id: number }) => p.id)).toEqual([26, 27, 28, 29, 30]);
  });

  it('sorts by views, rating and price', async () => {
    const views = await get('/api/catalog?sort=views&pageSize=2');
    expect(views.body.items.map((p: { id: number }) => p.id)).toEqual([7, 30]);
    const rating = await get('/api/catalog?sort=rating&category=Headphones&pageSize=3');
    expect(rating.body.items.map((p: { rate: number }) => p.rate)).toEqual([5, 5, 5]);
    const cheap = await get('/api/catalog?sort=price_asc&pageSize=2');
    expect(cheap.body.items.map((p: { price: string }) => p.price)).toEqual(['1.00', '2.00']);
    const dear = await get('/api/catalog?sort=price_desc&pageSize=1');
    expect(dear.body.items[0].price).toBe('30.00');
  });

  it('searches titles case-insensitively and treats % literally', async () => {
    const apple = await get('/api/catalog?q=APPLE');
    expect(apple.body.items.map((p: { id: number }) => p.id)).toEqual([31]);
    const percent = await get('/api/catalog?q=100%25');
    expect(percent.body.items.map((p: { id: number }) => p.id)).toEqual([31]);
    const none = await get('/api/catalog?q=_');
    expect(none.body.total).toBe(0);
  });

  it('orders the open box by stock on sale by default and drops non-positive prices from price sorts', async () => {
    const stock = await get('/api/catalog?shop=ayz');
    // Single-stock first, in stock, out of stock; units of an unpriced condition are not stock (issue 30).
    expect(stock.body.items.map((p: { title: string }) => p.title)).toEqual([
      'D single',
      'E mixed',
      'B several',
      'A free',
      'C sold out',
    ]);
    const byPrice = await get('/api/catalog?shop=ayz&sort=price_asc');
    expect(byPrice.body.items.map((p: { id: number; price: string }) => [p.id, p.price])).toEqual([
      [2, '15.00'],
      [1, '20.00'],
      [5, '50.00'],
      [3, '99.00'],
    ]);
    expect(byPrice.body.items[3]).toMatchObject({
      kind: 'openbox',
      verygood_condition_price: '99.00',
      verygood_condition_available_quantity: 1,
      acceptable_condition_price: '0',
    });
  });

  it('builds the overview: rows under sorted main categories, TOP by views, the tree', async () => {
    const { status, body } = await get('/api/catalog/overview');
    expect(status).toBe(200);
    expect(body.groups.map((g: { main_category: string }) => g.main_category)).toEqual([
      'Electronics',
      'Home',
    ]);
    expect(body.groups[0].rows[0]).toMatchObject({ category: 'Headphones', count: 30 });
    expect(body.groups[0].rows[0].items).toHaveLength(12);
    expect(body.top).toHaveLength(25);
    expect(body.top[0].id).toBe(7);
    expect(body.categories).toEqual({ Electronics: ['Headphones'], Home: ['Kitchen'] });
    const searched = await get('/api/catalog/overview?q=zebra');
    expect(searched.body.groups).toEqual([
      {
        main_category: 'Home',
        rows: [{ category: 'Kitchen', count: 1, items: [expect.objectContaining({ id: 32 })] }],
      },
    ]);
  });

  it('builds rows for hundreds of sub-categories', async () => {
    for (let i = 0; i < 520; i += 1) {
      await addProduct(t.handle.db, 'smart', 1000 + i, {
        main_category: 'Many',
        category: `Sub ${String(i).padStart(3, '0')}`,
      });
    }
    const { status, body } = await get('/api/catalog/overview?shop=smart');
    expect(status).toBe(200);
    expect(body.groups[0].rows).toHaveLength(520);
    expect(body.groups[0].rows[519]).toMatchObject({
      category: 'Sub 519',
      count: 1,
      items: [expect.objectContaining({ id: 1519 })],
    });
  });

  it('gives PC Build its per-category totals and no TOP strip', async () => {
    const { body } = await get('/api/catalog/overview?shop=pc');
    expect(body.top).toEqual([]);
    expect(body.totals).toEqual({
      CPUs: { typical_total: '120.00', current_total: '300.75' },
      SSDs: { typical_total: '60.00', current_total: '50.00' },
    });
  });

  it('serves docs/product.md §7 product list shapes per shop', async () => {
    const referrals = await get('/api/products');
    expect(Array.isArray(referrals.body)).toBe(true);
    expect(referrals.body).toHaveLength(32);
    const pc = await get('/api/products?shop=pc');
    expect(pc.body.products).toHaveLength(3);
    expect(pc.body.categories).toEqual({ Components: ['CPUs'], Storage: ['SSDs'] });
  });

  it('serves one product with its description and marketplace links', async () => {
    const one = await get('/api/products/31');
    expect(one.body).toMatchObject({ id: 31, typical_price: '3.99', description: '<p>About product 31</p>' });
    const openbox = await get('/api/products/3?shop=ayz');
    expect(openbox.body).toMatchObject({ kind: 'openbox', ebay: 'https://ebay.example/x', offer_up: '' });
    expect(await get('/api/products/999')).toMatchObject({
      status: 404,
      body: { error: expect.stringMatching(/no product 999/) },
    });
  });

  it('records a view', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/31/view?shop=default',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.json()).toEqual({ ok: true, view_count: 1 });
    // Stored at once; the catalogue GETs show views within VIEWS_MAX_AGE_MS (freshness.ts), since a
    // view does not bump the catalogue version their cached answers are kept by.
    const stored = await t.handle.db
      .selectFrom('products')
      .select('view_count')
      .where('shop', '=', 'default')
      .where('id', '=', 31)
      .executeTakeFirstOrThrow();
    expect(stored.view_count).toBe(1);
    // Another client: one client's views count once (views.test.ts).
    const emptyBody = await t.app.inject({
      method: 'POST',
      url: '/api/products/31/view?shop=default',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '192.0.2.2',
    });
    expect(emptyBody.json()).toEqual({ ok: true, view_count: 2 });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/products/31/view',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(badJson.json()).toEqual({ error: 'The body is not valid JSON.' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/products/4040/view' });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    ['/api/catalog?shop=nope', /query parameter "shop"/],
    ['/api/catalog?page=0', /query parameter "page": must be 1 or more/],
    ['/api/catalog?page=two', /query parameter "page": must be a whole number/],
    ['/api/catalog?pageSize=1000', /query parameter "pageSize": must be at most 100/],
    ['/api/catalog?sort=cheapest', /query parameter "sort"/],
    ['/api/catalog?shop=ayz&sort=rating', /query parameter "sort": the Open Box Store has no ratings/],
    ['/api/catalog?q=' + 'x'.repeat(201), /query parameter "q": must be at most 200/],
    ['/api/catalog/overview?shop=', /query parameter "shop"/],
    ['/api/products/abc', /path parameter "id": must be a whole number/],
    ['/api/products/-1', /path parameter "id": must be 1 or more/],
    ['/api/products?shop=../../etc', /query parameter "shop"/],
  ])('rejects %s with a sentence naming the parameter', async (url, message) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body.error).toMatch(message);
  });

  it('searches beyond ASCII case-insensitively on both databases', async () => {
    await addProduct(t.handle.db, 'smart', 9001, {
      title: 'Écran Ultra Größe',
      main_category: 'Zeta',
      category: 'Screens',
    });
    for (const q of ['écran', 'ÉCRAN', 'GRÖ', 'größe']) {
      const { body } = await get(`/api/catalog?shop=smart&q=${encodeURIComponent(q)}`);
      expect(
        body.items.map((p: { id: number }) => p.id),
        q,
      ).toEqual([9001]);
    }
  });

  it('compresses JSON', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    expect(await get('/api/nothing-here')).toMatchObject({
      status: 404,
      body: { error: expect.any(String) },
    });
  });
});
