/** Issue 29: the admin's products table and CSV export carry each product's 30-day Buy clicks and clicks per view. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, conditions } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_DIALECTS)('clicks in the admin products table and CSV on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const db = () => t.handle.db;
  const click = (id: number, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/click?shop=default`,
      headers: { 'user-agent': BROWSER },
      remoteAddress,
    });
  const table = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/products?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json().items as {
      id: number;
      views: number;
      clicks_30d: number;
      clicks_per_view: number | null;
    }[];
  };
  const exportCsv = async (shop: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/export?shop=${shop}`, headers });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await db().deleteFrom('products').execute();
    await addProduct(db(), 'default', 1, { title: 'Lamp', view_count: 8 });
    await addProduct(db(), 'default', 2, { title: 'Screen', view_count: 0 });
    await addProduct(db(), 'default', 3, { title: 'Kettle', view_count: 3 });
    await addProduct(db(), 'ayz', 1, { title: 'Open lamp' }, conditions([1001, 1]));
    // Product 1: two visitors now and one 31 days ago (not in the report); product 3: one visitor.
    await click(1, '203.0.113.1');
    await click(1, '203.0.113.2');
    await click(1, '203.0.113.3');
    await db()
      .updateTable('product_clicks')
      .set({ clicked_at: new Date(Date.now() - 31 * DAY_MS).toISOString() })
      .where('product_id', '=', 1)
      .where('clicker', '=', (eb) =>
        eb
          .selectFrom('product_clicks')
          .select('clicker')
          .where('product_id', '=', 1)
          .orderBy('clicked_at', 'desc')
          .limit(1),
      )
      .execute();
    await click(3, '203.0.113.1');
  });

  it('shows the last 30 days’ clicks and clicks per view, and sorts by clicks', async () => {
    const items = await table('shop=default');
    expect(
      items.map(({ id, views, clicks_30d, clicks_per_view }) => [id, views, clicks_30d, clicks_per_view]),
    ).toEqual([
      [1, 8, 2, 0.25],
      [2, 0, 0, null],
      [3, 3, 1, 0.3333],
    ]);
    expect((await table('shop=default&sort=clicks')).map((item) => item.id)).toEqual([1, 3, 2]);
    // The shop that sells on site has no clicks.
    expect((await table('shop=ayz')).map((item) => [item.clicks_30d, item.clicks_per_view])).toEqual([
      [0, null],
    ]);
  });

  it('exports them as read-only columns, which a re-import of the export ignores', async () => {
    const csv = await exportCsv('default');
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.id, row.clicks_30d, row.clicks_per_view])).toEqual([
      ['1', '2', '0.25'],
      ['2', '0', ''],
      ['3', '1', '0.3333'],
    ]);
    const openBox = parse(await exportCsv('ayz'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(openBox[0]!)).not.toContain('clicks_30d');

    const importCsv = async (body: string, dryRun: boolean) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/import?shop=default&dryRun=${dryRun}`,
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: body,
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    // As exported: nothing to write.
    expect(await importCsv(csv, false)).toMatchObject({ created: 0, updated: 0, unchanged: 3, errors: [] });
    // Edited clicks cells change nothing; an edited title beside them is written.
    const edited = csv.replace(/^1,([^,]*),2,0\.25,Lamp,/m, '1,$1,999,7,Lamp desk,');
    expect(edited).not.toBe(csv);
    expect(await importCsv(edited, false)).toMatchObject({ updated: 1, unchanged: 2, errors: [] });
    const stored = await db()
      .selectFrom('products')
      .select(['title', 'view_count'])
      .where('shop', '=', 'default')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: 'Lamp desk', view_count: 8 });
    expect((await table('shop=default'))[0]!.clicks_30d).toBe(2);
  });
});
