import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, conditions } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

describe.each(TEST_DIALECTS)('CSV export and import on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const db = () => t.handle.db;
  const exportCsv = async (shop: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/export?shop=${shop}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${shop}-products-`),
    );
    return response.body;
  };
  const importCsv = async (shop: string, csv: string, dryRun: boolean, auth = true) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/import?shop=${shop}&dryRun=${dryRun}`,
      headers: { ...(auth ? headers : {}), 'content-type': 'text/csv' },
      payload: csv,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const snapshot = async () => ({
    products: await db().selectFrom('products').selectAll().orderBy('shop').orderBy('id').execute(),
    conditions: await db()
      .selectFrom('product_conditions')
      .selectAll()
      .orderBy('shop')
      .orderBy('product_id')
      .orderBy('condition')
      .execute(),
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await db().deleteFrom('products').execute();
    await addProduct(db(), 'default', 1, {
      title: 'Lamp, "warm"',
      description: '<p>Line one</p>\n<p>Line <strong>two</strong></p>',
      price_cents: 2450,
      typical_price_cents: 3000,
      rate: 4,
      image_count: 2,
    });
    await addProduct(db(), 'default', 2, {
      title: '=HYPERLINK("https://evil.example","Écran")',
      category: '-20% deals',
      main_category: "'=literally",
      availability: 'NO',
      image_count: 0,
    });
    // Every character a spreadsheet starts a formula with, each at the start of a description.
    for (const [offset, start] of [
      '+',
      '@',
      '\t',
      '\r',
      '\uFF1D',
      '\uFF0B',
      '\uFF0D',
      '\uFF20',
      "'+",
    ].entries()) {
      await addProduct(db(), 'default', 10 + offset, { description: `${start}1+1 <b>x</b>`, image_count: 0 });
    }
    await addProduct(
      db(),
      'ayz',
      7,
      { title: 'Open lamp', store: 'AYZ', link: '', rate: 0 },
      conditions([1001, 1], [0, 0], [2999, 3], [500, 0]),
    );
  });

  it('exports a shop with its own columns, quoting commas, quotes and newlines', async () => {
    const csv = await exportCsv('default');
    const [header] = csv.split('\n');
    expect(header).toBe(
      'id,title,main_category,category,price,typical_price,rate,availability,link,image_urls,description',
    );
    expect(csv).toContain('1,"Lamp, ""warm""",Main,Sub,24.50,30.00,4,YES,https://retailer.example/p/1,');
    expect(csv).toContain(
      'http://localhost:80/images/Products/1/1.webp http://localhost:80/images/Products/1/2.webp',
    );
    // A spreadsheet must not run a cell as a formula (CSV injection): such cells start with '.
    expect(csv).toContain(`2,"'=HYPERLINK(""https://evil.example"",""Écran"")",''=literally,'-20% deals,`);
    const openbox = await exportCsv('ayz');
    expect(openbox.split('\n')[0]).toContain(
      'acceptable_condition_price,acceptable_condition_available_quantity',
    );
    expect(openbox).toContain('7,Open lamp,Main,Sub,AYZ');
  });

  it('round-trips: importing an export finds every row unchanged and writes nothing', async () => {
    for (const shop of ['default', 'ayz']) {
      const before = await exportCsv(shop);
      const rows = await snapshot();
      const result = await importCsv(shop, before, false);
      expect(result).toEqual({
        status: 200,
        body: { created: 0, updated: 0, unchanged: shop === 'ayz' ? 1 : 11, errors: [], imageLinks: [] },
      });
      expect(await exportCsv(shop)).toBe(before);
      const after = await snapshot();
      expect(after).toEqual(rows);
    }
  });

  it('a dry run reports what would change and writes nothing', async () => {
    const before = await snapshot();
    const csv =
      'id,title,main_category,category,price\n1,Lamp renamed,Main,Sub,19.99\n,Brand new,Home,Desk,5\n9,Also new,Home,Desk,7\n';
    const result = await importCsv('default', csv, true);
    expect(result).toEqual({
      status: 200,
      body: { created: 2, updated: 1, unchanged: 0, errors: [], imageLinks: [] },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('applies a good file: updates keep the columns the file leaves out, new rows take the next ids (after 18)', async () => {
    const csv =
      'id,title,main_category,category,price,image_urls\n1,Lamp renamed,Main,Sub,19.99,\n,Brand new,Home,Desk,5,https://cdn.example/a.jpg https://cdn.example/b.jpg\n';
    // The shop's cached answer is read first: the import must invalidate it (one bump, at the end).
    const shown = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/catalog?shop=default&q=renamed' })).json().total;
    expect(await shown()).toBe(0);
    const result = await importCsv('default', csv, false);
    expect(await shown()).toBe(1);
    expect(result.body).toEqual({
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [],
      imageLinks: [{ id: 19, links: ['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg'] }],
    });
    const one = await db()
      .selectFrom('products')
      .selectAll()
      .where('shop', '=', 'default')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(one).toMatchObject({
      title: 'Lamp renamed',
      price_cents: 1999,
      typical_price_cents: 3000,
      rate: 4,
    });
    expect(one.description).toContain('Line <strong>two</strong>');
    const added = await db()
      .selectFrom('products')
      .selectAll()
      .where('shop', '=', 'default')
      .where('id', '=', 19)
      .executeTakeFirstOrThrow();
    expect(added).toMatchObject({
      title: 'Brand new',
      price_cents: 500,
      main_category: 'Home',
      image_count: 0,
    });
  });

  it('rolls the whole file back when one row is wrong, and names the line and field', async () => {
    const before = await snapshot();
    const csv = [
      'id,title,main_category,category,price,rate',
      '1,Lamp renamed,Main,Sub,19.99,4',
      '5,New one,Main,Sub,5,3',
      '2,Écran,Main,Sub,12.345,9',
      '1,Twice,Main,Sub,1,1',
    ].join('\n');
    const result = await importCsv('default', csv, false);
    expect(result).toEqual({
      status: 200,
      body: {
        created: 0,
        updated: 0,
        unchanged: 0,
        imageLinks: [],
        errors: [
          { line: 4, field: 'price', error: 'must be an amount such as 19.99, at most 9999999.99' },
          { line: 4, field: 'rate', error: 'must be from 0 to 5' },
          { line: 5, field: 'id', error: '1 is also on line 2' },
        ],
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('names unknown columns, broken CSV, a wrong content type and a missing token, writing nothing', async () => {
    const before = await snapshot();
    const unknown = await importCsv('default', 'id,title,colour\n1,Lamp,red\n', false);
    expect(unknown.body.errors).toEqual([
      {
        line: 1,
        field: 'colour',
        error: expect.stringMatching(/^is not a column of the Referrals Shop CSV/),
      },
    ]);
    for (const empty of ['', '\n\n', '\uFEFF']) {
      expect((await importCsv('default', empty, false)).body).toEqual({
        created: 0,
        updated: 0,
        unchanged: 0,
        imageLinks: [],
        errors: [{ line: 1, field: '', error: 'is empty: the file needs a header row naming its columns' }],
      });
    }
    // Thousands of stray columns: a few errors say so, not one (holding every known column) for each.
    const stray = Array.from({ length: 5000 }, (_, i) => `x${i}`).join(',');
    const wide = await importCsv('default', `id,title,${stray}\n`, true);
    expect(wide.body.errors).toHaveLength(20);
    const broken = await importCsv('default', 'id,title\n1,"Lamp\n2,Other', false);
    expect(broken.body.errors).toEqual([
      { line: expect.any(Number), field: '', error: expect.stringMatching(/^is not valid CSV/) },
    ]);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import?shop=default',
      headers,
      payload: { id: 1 },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({
      error: 'Send the CSV file as the request body with Content-Type text/csv.',
    });
    expect((await importCsv('default', 'id,title\n1,X\n', false, false)).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/export?shop=default' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/export?shop=nope', headers })).statusCode,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
