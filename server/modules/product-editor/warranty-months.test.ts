/**
 * warranty_months, the field added through the product-field registry (shared/productFields.ts) alone:
 * edited in the admin and in CSV, answered with the open-box product, in its JSON-LD, and nowhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { addProduct, conditions } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

const TEMPLATE = `<!doctype html>
<html lang="en"><head><title>Template</title></head><body><div id="root"></div></body></html>`;

describe.each(TEST_DIALECTS)('warranty_months on %s', (dialect) => {
  let t: TestApp;
  let pages: FastifyInstance;
  let headers: { authorization: string };
  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: payload as string,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const product = async (shop: string, id: number) =>
    (await call('GET', `/api/products/${id}?shop=${shop}`)).body;
  const edit = async (id: number, fields: Record<string, unknown>) =>
    call('PUT', `/api/edit-product/ayz/${id}`, {
      title: 'Open-box lamp',
      main_category: 'Home',
      category: 'Lights',
      good_condition_price: '20',
      good_condition_available_quantity: '2',
      updated_at: (await product('ayz', id)).updated_at,
      ...fields,
    });
  const offersOf = async (url: string) => {
    const html = (await pages.inject(url)).body;
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    return (JSON.parse(ld) as { offers: Record<string, unknown>[] }).offers;
  };
  const importCsv = (shop: string, csv: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/import?shop=${shop}&dryRun=false`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: csv,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
    const clientDir = path.join(t.dataDir, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
    pages = await buildApp(t.app.deps, { clientDir, orderSweepMs: 0 });
    await addProduct(t.handle.db, 'ayz', 1, { title: 'Open-box lamp' }, conditions([0, 0], [2000, 2]));
    await addProduct(t.handle.db, 'pc', 1, { title: 'GPU' });
  });
  afterAll(async () => {
    await pages.close();
    await t.close();
  });

  it('starts at 0, is saved by the admin form and read back with the product', async () => {
    expect((await product('ayz', 1)).warranty_months).toBe(0);
    expect((await edit(1, { warranty_months: '12' })).status).toBe(200);
    expect((await product('ayz', 1)).warranty_months).toBe(12);
    const added = await call('POST', '/api/add-product?shop=ayz', {
      title: 'Open-box kettle',
      main_category: 'Home',
      category: 'Kitchen',
      warranty_months: 60,
    });
    expect(added.status).toBe(201);
    expect((await product('ayz', added.body.id)).warranty_months).toBe(60);
  });

  it('refuses a warranty outside 0 to 60 whole months with a sentence naming the field', async () => {
    const refusals: [unknown, string][] = [
      [61, 'must be a whole number of months from 0 to 60'],
      [-1, 'must be 0 or more'],
      ['abc', 'must be a whole number'],
      [2.5, 'must be a whole number'],
    ];
    for (const [value, sentence] of refusals) {
      expect(await edit(1, { warranty_months: value })).toEqual({
        status: 400,
        body: { error: `Invalid field "warranty_months": ${sentence}.` },
      });
      const added = await call('POST', '/api/add-product?shop=ayz', {
        title: 'Kettle',
        main_category: 'Home',
        category: 'Kitchen',
        warranty_months: value,
      });
      expect(added.status).toBe(400);
    }
    expect((await product('ayz', 1)).warranty_months).toBe(12);
  });

  it('belongs to open-box products only: an affiliate product neither answers nor stores one', async () => {
    expect(Object.hasOwn(await product('pc', 1), 'warranty_months')).toBe(false);
    const saved = await call('PUT', '/api/edit-product/pc/1', {
      title: 'GPU',
      main_category: 'Main',
      category: 'Sub',
      warranty_months: 24,
      updated_at: (await product('pc', 1)).updated_at,
    });
    expect(saved.status).toBe(200);
    const row = await t.handle.db
      .selectFrom('products')
      .select('warranty_months')
      .where('shop', '=', 'pc')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.warranty_months).toBe(0);
    const csv = (await t.app.inject({ url: '/api/admin/export?shop=pc', headers })).body;
    expect(csv.split('\n')[0]).not.toContain('warranty_months');
    expect(await offersOf('/pcshop?product=1')).toEqual([
      expect.not.objectContaining({ warranty: expect.anything() }),
    ]);
  });

  it('goes out and comes back in through the CSV, and a bad cell is refused on its line', async () => {
    const exported = (await t.app.inject({ url: '/api/admin/export?shop=ayz', headers })).body;
    const rows = parse(exported, { columns: true }) as Record<string, string>[];
    const lamp = rows.find((row) => row.id === '1')!;
    expect(lamp.warranty_months).toBe('12');

    lamp.warranty_months = '24';
    const imported = await importCsv('ayz', stringify(rows, { header: true }));
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ updated: 1, errors: [] });
    expect((await product('ayz', 1)).warranty_months).toBe(24);

    const again = parse((await t.app.inject({ url: '/api/admin/export?shop=ayz', headers })).body, {
      columns: true,
    }) as Record<string, string>[];
    again.find((row) => row.id === '1')!.warranty_months = '61';
    const refused = await importCsv('ayz', stringify(again, { header: true }));
    expect(refused.json().errors).toEqual([
      { line: 2, field: 'warranty_months', error: 'must be a whole number of months from 0 to 60' },
    ]);
    expect((await product('ayz', 1)).warranty_months).toBe(24);
  });

  it("is in the product's JSON-LD offers as a schema.org WarrantyPromise in months, only when there is one", async () => {
    const offers = await offersOf('/?product=1');
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.warranty).toEqual({
        '@type': 'WarrantyPromise',
        durationOfWarranty: { '@type': 'QuantitativeValue', value: 24, unitCode: 'MON' },
      });
    }
    expect((await edit(1, { warranty_months: 0 })).status).toBe(200);
    for (const offer of await offersOf('/?product=1')) expect(Object.hasOwn(offer, 'warranty')).toBe(false);
  });
});
