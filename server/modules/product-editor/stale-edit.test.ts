/**
 * Issue 16: an admin's edit form carries the version (updated_at) it was opened on, and a save over a
 * newer version is refused, so units reserved or sold since the form loaded never come back.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenboxProduct, ProductDetail } from '../../../shared/schemas/catalog.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  standInPaymentProvider,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { createPurchase } from '../orders/index.js';
import { SHIPPING } from '../../test/fixtures.js';

type Headers = { authorization: string };
type OpenboxDetail = Extract<ProductDetail, { kind: 'openbox' }>;

const STALE = { error: 'This product changed since you opened it.' };
/** Another process's clock far ahead of ours, as far as the stored version goes. */
const FUTURE = '2999-01-01T00:00:00.000Z';
const FUTURE_PLUS_1MS = '2999-01-01T00:00:00.001Z';

/** The edit form's body: every field as the Edit tab loaded it, the given changes, and the version. */
function formBody(product: OpenboxDetail, changes: Partial<OpenboxProduct> = {}) {
  const loaded = { ...product, ...changes };
  return {
    title: loaded.title,
    main_category: loaded.main_category,
    category: loaded.category,
    description: product.description,
    store: loaded.store,
    ebay: product.ebay,
    facebook_marketplace: product.facebook_marketplace,
    offer_up: product.offer_up,
    mercari_marketplaces: product.mercari_marketplaces,
    acceptable_condition_price: loaded.acceptable_condition_price,
    acceptable_condition_available_quantity: loaded.acceptable_condition_available_quantity,
    good_condition_price: loaded.good_condition_price,
    good_condition_available_quantity: loaded.good_condition_available_quantity,
    verygood_condition_price: loaded.verygood_condition_price,
    verygood_condition_available_quantity: loaded.verygood_condition_available_quantity,
    excellent_condition_price: loaded.excellent_condition_price,
    excellent_condition_available_quantity: loaded.excellent_condition_available_quantity,
    updated_at: loaded.updated_at,
  };
}

describe.each(TEST_DIALECTS)('a stale admin edit on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let nextId = 1;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { paymentProvider: standInPaymentProvider });
    admin = await adminHeaders(t);
    await buyerHeaders(t, { sub: 'stale-buyer' });
  });
  afterAll(() => t.close());

  const call = async (method: string, url: string, payload?: unknown, headers: Headers = admin) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: payload as string,
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** An open-box product with `quantity` acceptable units at $19.99, added as the Add tab does. */
  async function addOpenBox(quantity: number, id = nextId++): Promise<number> {
    const added = await call('POST', '/api/add-product?shop=ayz', {
      id,
      title: `Open box ${id}`,
      main_category: 'Audio',
      category: 'Speakers',
      acceptable_condition_price: '19.99',
      acceptable_condition_available_quantity: quantity,
    });
    expect(added.status).toBe(201);
    return id;
  }
  /** The product as the Edit tab loads it. */
  const loadForEdit = async (id: number) =>
    (await call('GET', `/api/products/${id}?shop=ayz`)).body as OpenboxDetail;
  const save = (id: number, body: unknown) => call('PUT', `/api/edit-product/ayz/${id}`, body);
  /** A purchase through the real API by a buyer of its own (a buyer may hold only a few unpaid orders). */
  let buyers = 0;
  const purchase = async (id: number, quantity: number) => {
    const sub = `stale-buyer-${(buyers += 1)}`;
    const headers = await buyerHeaders(t, { sub });
    const bought = await call(
      'POST',
      '/api/create-purchase',
      { google_id: sub, product_id: id, store: 'ayz', condition: 'acceptable', quantity, ...SHIPPING },
      headers,
    );
    return { ...bought, headers };
  };
  const stored = async (id: number) => {
    const product = await t.handle.db
      .selectFrom('products')
      .select(['title', 'stock_quantity', 'updated_at'])
      .where('shop', '=', 'ayz')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const condition = await t.handle.db
      .selectFrom('product_conditions')
      .select('available_quantity')
      .where('shop', '=', 'ayz')
      .where('product_id', '=', id)
      .where('condition', '=', 'acceptable')
      .executeTakeFirstOrThrow();
    return { ...product, acceptable: condition.available_quantity };
  };
  const setStoredVersion = (id: number, version: string) =>
    t.handle.db
      .updateTable('products')
      .set({ updated_at: version })
      .where('shop', '=', 'ayz')
      .where('id', '=', id)
      .execute();

  it('refuses a save from a form opened before a buyer reserved 2, and the 3 left stay 3', async () => {
    const id = await addOpenBox(5);
    const opened = await loadForEdit(id);
    expect(opened.acceptable_condition_available_quantity).toBe(5);
    expect((await purchase(id, 2)).status).toBe(201);

    const saved = await save(id, formBody(opened, { title: 'Retitled' }));
    expect(saved).toEqual({ status: 409, body: STALE });
    expect(await stored(id)).toMatchObject({ title: `Open box ${id}`, acceptable: 3, stock_quantity: 3 });

    // Reloaded, the same change saves, and the 3 stay 3.
    const reloaded = await loadForEdit(id);
    const again = await save(id, formBody(reloaded, { title: 'Retitled' }));
    expect(again).toEqual({ status: 200, body: { ok: true, id, updated_at: expect.any(String) } });
    expect(await stored(id)).toMatchObject({ title: 'Retitled', acceptable: 3, stock_quantity: 3 });
    expect(again.body.updated_at).toBe((await loadForEdit(id)).updated_at);
  });

  it("refuses the later of two admins' saves from the same version; the first answers the version it made", async () => {
    const id = await addOpenBox(4);
    const first = await loadForEdit(id);
    const second = await loadForEdit(id);
    const saved = await save(id, formBody(first, { acceptable_condition_available_quantity: 9 }));
    expect(saved.status).toBe(200);
    expect(saved.body.updated_at > first.updated_at).toBe(true);
    expect(await save(id, formBody(second, { title: 'Second admin' }))).toEqual({ status: 409, body: STALE });
    expect(await stored(id)).toMatchObject({ title: `Open box ${id}`, acceptable: 9 });
    // The first admin's form, kept open with the version its save answered, saves again.
    const more = await save(id, formBody(first, { title: 'First again', updated_at: saved.body.updated_at }));
    expect(more.status).toBe(200);
  });

  it('refuses a save without the version with a 400 naming the field, and changes nothing', async () => {
    const id = await addOpenBox(5);
    const opened = await loadForEdit(id);
    const { updated_at: _dropped, ...withoutVersion } = formBody(opened, { title: 'No version' });
    expect(await save(id, withoutVersion)).toEqual({
      status: 400,
      body: {
        error: `Invalid field "updated_at": is required: send the product's updated_at as you loaded it.`,
      },
    });
    expect(await save(id, { ...withoutVersion, updated_at: '' })).toMatchObject({ status: 400 });
    expect(await stored(id)).toMatchObject({ title: `Open box ${id}`, updated_at: opened.updated_at });
  });

  it("cannot bring back a deleted product's units, nor write them into a new product with its id", async () => {
    const id = await addOpenBox(5);
    const opened = await loadForEdit(id);
    expect((await call('DELETE', `/api/delete-product/ayz/${id}`)).status).toBe(200);
    expect((await save(id, formBody(opened))).status).toBe(404);
    await addOpenBox(1, id);
    expect(await save(id, formBody(opened))).toEqual({ status: 409, body: STALE });
    expect(await stored(id)).toMatchObject({ acceptable: 1, stock_quantity: 1 });
  });

  it('never leaves more units than there were when a save and a purchase race', async () => {
    for (let round = 0; round < 12; round += 1) {
      const id = await addOpenBox(5);
      const opened = await loadForEdit(id);
      const [saved, bought] = await Promise.all([
        save(id, formBody(opened, { title: `Race ${round}` })),
        purchase(id, 2),
      ]);
      expect(bought.status).toBe(201);
      expect([200, 409]).toContain(saved.status);
      // Whichever went first, the 2 held units are not on the shelf.
      expect(await stored(id)).toMatchObject({ acceptable: 3, stock_quantity: 3 });
    }
  });

  it('gives two purchases stamped the same millisecond two versions, the second after the first', async () => {
    const id = await addOpenBox(5);
    const now = new Date(Date.parse((await stored(id)).updated_at) + 60_000);
    const buy = () =>
      createPurchase(
        t.handle.db,
        standInPaymentProvider,
        { sub: 'stale-buyer', name: 'Buyer stale-buyer', email: 'buyer@example.com', picture: '' },
        {
          google_id: 'stale-buyer',
          product_id: id,
          store: 'ayz',
          condition: 'acceptable',
          quantity: 1,
          ...SHIPPING,
        },
        { now },
      );
    await buy();
    const afterFirst = (await stored(id)).updated_at;
    await buy();
    const afterSecond = (await stored(id)).updated_at;
    expect(afterFirst).toBe(now.toISOString());
    expect(afterSecond).toBe(new Date(now.getTime() + 1).toISOString());
  });

  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
  const upload = async (id: number, count: number, heldVersion?: string) => {
    const form = new FormData();
    form.append('productId', String(id));
    form.append('shopType', 'ayz');
    if (heldVersion !== undefined) form.append('updated_at', heldVersion);
    for (let n = 0; n < count; n += 1)
      form.append('images', new Blob([new Uint8Array(await png())]), `${n}.png`);
    const uploaded = await call('POST', '/api/upload-images', form);
    expect(uploaded.status).toBe(200);
    return uploaded;
  };

  /** Each path that changes a product's stock or fields, run against a stored version ahead of our clock. */
  const WRITES: [string, (id: number) => Promise<{ status: number }>][] = [
    ['the admin edit', async (id) => save(id, formBody(await loadForEdit(id)))],
    ['a purchase', (id) => purchase(id, 1)],
    [
      "a deleted order's release",
      async (id) => {
        await setStoredVersion(id, '2000-01-01T00:00:00.000Z');
        const bought = await purchase(id, 1);
        await setStoredVersion(id, FUTURE);
        return call('DELETE', `/api/purchase/${bought.body.payment_id as string}`, undefined, bought.headers);
      },
    ],
    ['a gallery upload', (id) => upload(id, 1)],
    [
      'a gallery delete',
      async (id) => {
        await setStoredVersion(id, '2000-01-01T00:00:00.000Z');
        await upload(id, 1);
        await setStoredVersion(id, FUTURE);
        return call('DELETE', `/api/product-images/ayz/${id}/1.webp`);
      },
    ],
    [
      'a bulk category change',
      (id) =>
        call('POST', '/api/admin/bulk?shop=ayz', {
          ids: [id],
          action: 'category',
          value: { main_category: 'Moved', category: 'Elsewhere' },
        }),
    ],
    [
      'a bulk price change',
      (id) =>
        call('POST', '/api/admin/bulk?shop=ayz', { ids: [id], action: 'price', value: { percent: 10 } }),
    ],
  ];

  it.each(WRITES)('moves updated_at past a stored version ahead of the clock: %s', async (_name, write) => {
    const id = await addOpenBox(5);
    await setStoredVersion(id, FUTURE);
    expect([200, 201]).toContain((await write(id)).status);
    expect((await stored(id)).updated_at).toBe(FUTURE_PLUS_1MS);
  });

  it('hands the open form the new version for its own gallery delete, so its save still goes through', async () => {
    const id = await addOpenBox(5);
    await upload(id, 2);
    const opened = await loadForEdit(id);
    const deleted = await call(
      'DELETE',
      `/api/product-images/ayz/${id}/1.webp?updated_at=${encodeURIComponent(opened.updated_at)}`,
    );
    expect(deleted).toEqual({
      status: 200,
      body: { images: ['1.webp'], updated_at: (await stored(id)).updated_at },
    });
    expect(deleted.body.updated_at > opened.updated_at).toBe(true);
    const saved = await save(
      id,
      formBody(opened, { title: 'After a delete', updated_at: deleted.body.updated_at }),
    );
    expect(saved.status).toBe(200);
  });

  it("hands the form the new version for its own upload, and not for one after another's change", async () => {
    const id = await addOpenBox(5);
    const opened = await loadForEdit(id);
    const own = await upload(id, 1, opened.updated_at);
    expect(own.body).toEqual({ ok: true, images: ['1.webp'], updated_at: (await stored(id)).updated_at });
    expect(own.body.updated_at > opened.updated_at).toBe(true);
    expect((await purchase(id, 1)).status).toBe(201);
    const overtaken = await upload(id, 1, own.body.updated_at);
    expect(overtaken.body).toEqual({ ok: true, images: ['1.webp', '2.webp'] });
    expect(await save(id, formBody(opened, { updated_at: own.body.updated_at }))).toEqual({
      status: 409,
      body: STALE,
    });
    expect(await stored(id)).toMatchObject({ acceptable: 4, stock_quantity: 4 });
  });

  it('keeps the version from a form a purchase overtook, even through its gallery delete', async () => {
    const id = await addOpenBox(5);
    await upload(id, 2);
    const opened = await loadForEdit(id);
    expect((await purchase(id, 2)).status).toBe(201);
    const deleted = await call(
      'DELETE',
      `/api/product-images/ayz/${id}/1.webp?updated_at=${encodeURIComponent(opened.updated_at)}`,
    );
    expect(deleted).toEqual({ status: 200, body: { images: ['1.webp'] } });
    expect(await save(id, formBody(opened, { title: 'Overtaken' }))).toEqual({ status: 409, body: STALE });
    expect(await stored(id)).toMatchObject({ acceptable: 3, stock_quantity: 3 });
  });
});
