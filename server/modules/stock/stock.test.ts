/**
 * The stock module through the real API: every kind of change (purchase, release, admin edit, bulk
 * edit, CSV import) leaves an open-box product's price and stock derived from its conditions alike, and
 * purchases racing bulk edits, edits and releases neither deadlock nor oversell.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPricedCents } from '../../../shared/rules/offers.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  standInPaymentProvider,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { SHIPPING } from '../../test/fixtures.js';

type Headers = { authorization: string };

describe.each(TEST_DIALECTS)('the stock module on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { paymentProvider: standInPaymentProvider });
    admin = await adminHeaders(t);
  });
  afterAll(() => t.close());

  const call = async (method: string, url: string, payload?: unknown, headers: Headers = admin) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: payload as string,
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };

  let buyers = 0;
  /** A purchase by a buyer of its own (a buyer may hold only a few unpaid orders). */
  const purchase = async (id: number, quantity: number, condition = 'acceptable') => {
    const sub = `stock-buyer-${(buyers += 1)}`;
    const headers = await buyerHeaders(t, { sub });
    const bought = await call(
      'POST',
      '/api/create-purchase',
      { google_id: sub, product_id: id, store: 'ayz', condition, quantity, ...SHIPPING },
      headers,
    );
    return { ...bought, headers };
  };

  /** The stored derived columns, and the same worked out here from the stored conditions. */
  const derived = async (id: number) => {
    const product = await t.handle.db
      .selectFrom('products')
      .select(['price_cents', 'stock_quantity'])
      .where('shop', '=', 'ayz')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const conditions = await t.handle.db
      .selectFrom('product_conditions')
      .select(['price_cents', 'available_quantity'])
      .where('shop', '=', 'ayz')
      .where('product_id', '=', id)
      .execute();
    // Only conditions for sale count, as shared/rules/offers.ts says (issue 30).
    const forSale = conditions.filter((c) => isPricedCents(c.price_cents));
    const fromConditions = {
      price_cents: forSale.length > 0 ? Math.min(...forSale.map((c) => c.price_cents)) : 0,
      stock_quantity: forSale.reduce((total, c) => total + c.available_quantity, 0),
    };
    expect(product).toEqual(fromConditions);
    return product;
  };

  const loadForEdit = async (id: number) =>
    (await call('GET', `/api/products/${id}?shop=ayz`)).body as Record<string, unknown>;

  /** The edit form's body: every field as the Edit tab loaded it, with the given changes. */
  const editBody = (loaded: Record<string, unknown>, changes: Record<string, unknown>) => {
    const fields = [
      'title',
      'main_category',
      'category',
      'description',
      'store',
      'ebay',
      'facebook_marketplace',
      'offer_up',
      'mercari_marketplaces',
      'updated_at',
      ...['acceptable', 'good', 'verygood', 'excellent'].flatMap((c) => [
        `${c}_condition_price`,
        `${c}_condition_available_quantity`,
      ]),
    ];
    return { ...Object.fromEntries(fields.map((field) => [field, loaded[field]])), ...changes };
  };

  const importCsv = async (csv: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import?shop=ayz&dryRun=false',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: csv,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('derives the same price and stock after a purchase, a release, an edit, a bulk edit and an import', async () => {
    const id = 1;
    const added = await call('POST', '/api/add-product?shop=ayz', {
      id,
      title: 'Derived speaker',
      main_category: 'Audio',
      category: 'Speakers',
      acceptable_condition_price: '19.99',
      acceptable_condition_available_quantity: 3,
      good_condition_price: '24.99',
      good_condition_available_quantity: 2,
      // Units without a price are not for sale: neither the stock nor the lowest price counts them (issue 30).
      verygood_condition_price: '0',
      verygood_condition_available_quantity: 4,
    });
    expect(added.status).toBe(201);
    expect(await derived(id)).toEqual({ price_cents: 1999, stock_quantity: 5 });

    const bought = await purchase(id, 2);
    expect(bought.status).toBe(201);
    expect(await derived(id)).toEqual({ price_cents: 1999, stock_quantity: 3 });

    const released = await call(
      'DELETE',
      `/api/purchase/${bought.body.payment_id}`,
      undefined,
      bought.headers,
    );
    expect(released.status).toBe(200);
    expect(await derived(id)).toEqual({ price_cents: 1999, stock_quantity: 5 });

    const edited = await call(
      'PUT',
      `/api/edit-product/ayz/${id}`,
      editBody(await loadForEdit(id), {
        acceptable_condition_price: '0',
        excellent_condition_price: '99.00',
        excellent_condition_available_quantity: 1,
      }),
    );
    expect(edited.status).toBe(200);
    // Acceptable's 3 units lose their price, and so leave the stock: Good 2 and Excellent 1 are left.
    expect(await derived(id)).toEqual({ price_cents: 2499, stock_quantity: 3 });

    const bulk = await call('POST', '/api/admin/bulk?shop=ayz', {
      ids: [id],
      action: 'price',
      value: { percent: 10 },
    });
    expect(bulk).toEqual({ status: 200, body: { changed: 1 } });
    expect(await derived(id)).toEqual({ price_cents: 2749, stock_quantity: 3 }); // 24.99 × 1.1

    const exported = (
      await t.app.inject({ method: 'GET', url: '/api/admin/export?shop=ayz', headers: admin })
    ).body;
    const rows = parse(exported, { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.id === String(id))!;
    row.good_condition_available_quantity = '5';
    row.excellent_condition_price = '10.00';
    // A new product in the same file, its price and stock derived when its conditions are written.
    const added2 = {
      ...Object.fromEntries(Object.keys(row).map((key) => [key, ''])),
      id: '2',
      title: 'Imported speaker',
      main_category: 'Audio',
      category: 'Speakers',
      acceptable_condition_price: '15.00',
      acceptable_condition_available_quantity: '1',
      good_condition_price: '12.50',
      good_condition_available_quantity: '2',
      verygood_condition_price: '0',
      verygood_condition_available_quantity: '0',
      excellent_condition_price: '0',
      excellent_condition_available_quantity: '0',
      // Number cells are filled in as the export writes them; a blank one is refused.
      warranty_months: '0',
    };
    const imported = await importCsv(stringify([row, added2], { header: true }));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ created: 1, updated: 1, errors: [] });
    expect(await derived(id)).toEqual({ price_cents: 1000, stock_quantity: 6 });
    expect(await derived(2)).toEqual({ price_cents: 1250, stock_quantity: 3 });
  });

  it('keeps purchases, releases, edits and bulk edits racing one another free of deadlocks and oversell', async () => {
    const ids = [11, 12, 13, 14];
    const unitsEach = 6;
    for (const id of ids) {
      const added = await call('POST', '/api/add-product?shop=ayz', {
        id,
        title: `Raced ${id}`,
        main_category: 'Audio',
        category: 'Raced',
        acceptable_condition_price: '19.99',
        acceptable_condition_available_quantity: unitsEach,
        good_condition_price: '29.99',
        good_condition_available_quantity: 1,
      });
      expect(added.status).toBe(201);
    }
    const failures: string[] = [];
    const expectAnswered = (what: string, status: number, allowed: number[], body?: unknown) => {
      if (!allowed.includes(status)) failures.push(`${what}: ${status} ${JSON.stringify(body)}`);
    };
    let sold = 0;
    for (let round = 0; round < 12; round += 1) {
      // Buyers take products in both directions while bulk edits take them all (by ids and by a
      // filter), an admin saves one, and orders of the round before give their units back.
      const order = round % 2 === 0 ? ids : [...ids].reverse();
      const work: Promise<void>[] = [];
      for (const id of [...order, ...order]) {
        work.push(
          purchase(id, 1).then(async (bought) => {
            expectAnswered('purchase', bought.status, [201, 409], bought.body);
            if (bought.status !== 201) return;
            sold += 1;
            if (round % 3 === 0) {
              const deleted = await call(
                'DELETE',
                `/api/purchase/${bought.body.payment_id}`,
                undefined,
                bought.headers,
              );
              expectAnswered('release', deleted.status, [200], deleted.body);
              if (deleted.status === 200) sold -= 1;
            }
          }),
        );
      }
      work.push(
        call('POST', '/api/admin/bulk?shop=ayz', {
          ids: [...order].reverse(),
          action: 'price',
          value: { amount: round % 2 === 0 ? '1.00' : '-1.00' },
        }).then((bulk) => expectAnswered('bulk by ids', bulk.status, [200], bulk.body)),
        call('POST', '/api/admin/bulk?shop=ayz', {
          filter: { q: '', category: 'Raced' },
          action: 'price',
          value: { percent: round % 2 === 0 ? 5 : -5 },
        }).then((bulk) => expectAnswered('bulk by filter', bulk.status, [200], bulk.body)),
        loadForEdit(ids[round % ids.length]!).then(async (loaded) => {
          const saved = await call(
            'PUT',
            `/api/edit-product/ayz/${ids[round % ids.length]}`,
            editBody(loaded, { title: `Raced ${round}` }),
          );
          // 409: a purchase or bulk edit came between the load and the save, as it should.
          expectAnswered('edit', saved.status, [200, 409], saved.body);
        }),
      );
      await Promise.all(work);
    }
    expect(failures).toEqual([]);

    let left = 0;
    for (const id of ids) {
      const { stock_quantity } = await derived(id);
      expect(stock_quantity).toBeGreaterThanOrEqual(0);
      left += stock_quantity;
    }
    // Every unit is either on the shelf or held by exactly one order that is still there.
    const held = await t.handle.db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number | string>('quantity').as('units'))
      .where('shop', '=', 'ayz')
      .where('product_id', 'in', ids)
      .where('stock_reserved', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(held.units ?? 0)).toBe(sold);
    expect(left + sold).toBe(ids.length * (unitsEach + 1));
    const negative = await t.handle.db
      .selectFrom('product_conditions')
      .select('product_id')
      .where('available_quantity', '<', 0)
      .execute();
    expect(negative).toEqual([]);
  });
});
