/** The activity log (issue 28): every staff action writes its row in its own transaction; the list, CSV and retention. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityResponse, ActivityRow } from '../../../shared/schemas/activity.js';
import type { OpenboxProduct, ProductDetail } from '../../../shared/schemas/catalog.js';
import { SHIPPING } from '../../test/fixtures.js';
import {
  adminHeaders,
  type AuthHeaders,
  buyerHeaders,
  createTestApp,
  TEST_ADMIN_PASSWORD,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { queueMail } from '../mail/index.js';
import { recordActivity } from './index.js';
import { removeOldActivity } from './service.js';

type OpenboxDetail = Extract<ProductDetail, { kind: 'openbox' }>;

/** The edit form's body: every field as the Edit tab loaded it, with the given changes. */
function formBody(product: OpenboxDetail, changes: Partial<OpenboxProduct> = {}) {
  const loaded = { ...product, ...changes };
  return {
    title: loaded.title,
    main_category: loaded.main_category,
    category: loaded.category,
    description: loaded.description,
    store: loaded.store,
    ebay: loaded.ebay,
    facebook_marketplace: loaded.facebook_marketplace,
    offer_up: loaded.offer_up,
    mercari_marketplaces: loaded.mercari_marketplaces,
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

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();

describe.each(TEST_DIALECTS)('the activity log on %s', (dialect) => {
  let t: TestApp;
  let admin: AuthHeaders;
  /** The signed-in admin's session short id, as its rows name it. */
  let session: string;
  let nextId = 1;
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await adminHeaders(t);
    const signIn = await t.handle.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'admin.sign_in')
      .executeTakeFirstOrThrow();
    session = /^admin ([0-9a-f]{8}) @ /.exec(signIn.actor)![1]!;
  });
  afterAll(() => t.close());

  const actor = () => `admin ${session} @ 127.0.0.1`;
  const call = async (
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = admin,
  ) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: payload as string,
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const list = async (query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/activity${query}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActivityResponse>();
  };
  /** The newest row for a target. */
  const latest = async (target: string): Promise<ActivityRow | undefined> =>
    (await list(`?target=${encodeURIComponent(target)}&pageSize=1`)).rows[0];
  const count = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('activity_log')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function addOpenBox(price = '19.99'): Promise<number> {
    const id = nextId++;
    const added = await call('POST', '/api/add-product?shop=ayz', {
      id,
      title: `Open box ${id}`,
      main_category: 'Audio',
      category: 'Speakers',
      acceptable_condition_price: price,
      acceptable_condition_available_quantity: 3,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return id;
  }
  const loadForEdit = async (id: number) =>
    (await call('GET', `/api/products/${id}?shop=ayz`)).body as OpenboxDetail;

  async function order(id: number, { pay }: { pay: boolean }) {
    const sub = `activity-buyer-${(buyers += 1)}`;
    const headers = await buyerHeaders(t, { sub });
    const bought = await call(
      'POST',
      '/api/create-purchase',
      { google_id: sub, product_id: id, store: 'ayz', condition: 'acceptable', quantity: 1, ...SHIPPING },
      headers,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const ref = bought.body.payment_id as string;
    if (pay)
      expect((await call('POST', `/api/payments/sandbox/${ref}/pay`, undefined, headers)).status).toBe(200);
    return { ref, headers };
  }

  it('logs the sign-in with the new session and its address', async () => {
    const rows = (await list('?action=admin.sign_in')).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: `admin ${session} @ 10.9.9.9`,
      action: 'admin.sign_in',
      target: `admin session ${session}`,
      before: null,
      after: null,
    });
  });

  it('logs each failed sign-in, and the lockout once when the limit is reached', async () => {
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { password }, remoteAddress: '192.0.2.77' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await login('wrong')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect((await login(TEST_ADMIN_PASSWORD)).statusCode).toBe(429);
    const failed = (await list('?action=admin.sign_in_failed')).rows;
    expect(failed).toHaveLength(5);
    expect(failed[0]).toMatchObject({ actor: 'admin (sign-in) @ 192.0.2.77', target: 'admin sign-in' });
    const lockouts = (await list('?action=admin.lockout')).rows;
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({ actor: 'admin (sign-in) @ 192.0.2.77', action: 'admin.lockout' });
  });

  it('logs a product add, an edit with only the changed fields, and a delete; a stale edit logs nothing', async () => {
    const id = await addOpenBox('19.99');
    expect(await latest(`product ayz/${id}`)).toMatchObject({
      actor: actor(),
      action: 'product.add',
      before: null,
      after: {
        title: `Open box ${id}`,
        acceptable_condition_price: '19.99',
        acceptable_condition_available_quantity: 3,
      },
    });

    // A whole product's row names what it has: no empty or 0 fields, no description.
    const addRow = (await latest(`product ayz/${id}`))!;
    expect(addRow.after).not.toHaveProperty('good_condition_price');
    expect(addRow.after).not.toHaveProperty('description');

    const opened = await loadForEdit(id);
    const saved = await call(
      'PUT',
      `/api/edit-product/ayz/${id}`,
      formBody(opened, { acceptable_condition_price: '24.99', title: 'Renamed' }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await latest(`product ayz/${id}`)).toMatchObject({
      actor: actor(),
      action: 'product.edit',
      before: { title: `Open box ${id}`, acceptable_condition_price: '19.99' },
      after: { title: 'Renamed', acceptable_condition_price: '24.99' },
    });
    const edit = (await latest(`product ayz/${id}`))!;
    expect(Object.keys(edit.after!).sort()).toEqual(['acceptable_condition_price', 'title']);

    // The form still holds the first version: refused, rolled back, no row.
    const before = await count();
    const stale = await call('PUT', `/api/edit-product/ayz/${id}`, formBody(opened, { title: 'Stale' }));
    expect(stale.status).toBe(409);
    expect(await count()).toBe(before);

    expect((await call('DELETE', `/api/delete-product/ayz/${id}`)).status).toBe(200);
    expect(await latest(`product ayz/${id}`)).toMatchObject({
      actor: actor(),
      action: 'product.delete',
      before: { title: 'Renamed', acceptable_condition_price: '24.99' },
      after: null,
    });
  });

  it('logs a gallery upload and delete with the pictures before and after', async () => {
    const id = await addOpenBox();
    const form = new FormData();
    form.append('productId', String(id));
    form.append('shopType', 'ayz');
    form.append('images', new Blob([new Uint8Array(await png())]), 'a.png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: admin,
      payload: form,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await latest(`product ayz/${id}`)).toMatchObject({
      actor: actor(),
      action: 'product.images',
      before: { images: [] },
      after: { images: ['1.webp'] },
    });
    expect((await call('DELETE', `/api/product-images/ayz/${id}/1.webp`)).status).toBe(200);
    expect(await latest(`product ayz/${id}`)).toMatchObject({
      action: 'product.images',
      before: { images: ['1.webp'] },
      after: { images: [] },
    });
  });

  it('logs a bulk edit as one row with its parameters and count, and an applied import with its ids', async () => {
    const a = await addOpenBox('10');
    const b = await addOpenBox('20');
    const bulk = await call('POST', '/api/admin/bulk?shop=ayz', {
      ids: [a, b],
      action: 'price',
      value: { percent: 10 },
    });
    expect(bulk.body).toEqual({ changed: 2 });
    const rows = (await list('?action=products.bulk_edit')).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: actor(),
      target: 'products ayz',
      before: null,
      after: { action: 'price', value: { percent: 10 }, ids: [a, b], changed: 2 },
    });

    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/export?shop=ayz', headers: admin });
    const changed = exported.body.replace(`Open box ${a}`, 'Imported title');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import?shop=ayz',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: changed,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 0, updated: 1, errors: [] });
    expect((await list('?action=products.import')).rows[0]).toMatchObject({
      actor: actor(),
      target: 'products ayz',
      after: { created: 0, updated: 1, created_ids: [], updated_ids: [a] },
    });
  });

  it('logs an order marked sent with its tracking (changed fields), and an admin deleting an order', async () => {
    const paid = await order(await addOpenBox(), { pay: true });
    const shipped = await call('PATCH', `/api/admin-purchases/${paid.ref}/shipped`, {
      shipped: true,
      postal_service: 'USPS',
      tracking_number: '9400100000000000000000',
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(await latest(`order ${paid.ref}`)).toMatchObject({
      actor: actor(),
      action: 'order.sent',
      before: { shipped: false, postal_service: '', tracking_number: '' },
      after: { shipped: true, postal_service: 'USPS', tracking_number: '9400100000000000000000' },
    });

    const byBuyer = await order(await addOpenBox(), { pay: false });
    const rowsBefore = await count();
    expect((await call('DELETE', `/api/purchase/${byBuyer.ref}`, undefined, byBuyer.headers)).status).toBe(
      200,
    );
    expect(await count()).toBe(rowsBefore);
    const byAdmin = await order(await addOpenBox(), { pay: false });
    expect((await call('DELETE', `/api/purchase/${byAdmin.ref}`)).status).toBe(200);
    expect(await latest(`order ${byAdmin.ref}`)).toMatchObject({ actor: actor(), action: 'order.delete' });
  });

  it('logs an outbox resend', async () => {
    await t.handle.db.transaction().execute((trx) =>
      queueMail(
        trx,
        {
          kind: 'order_paid',
          dedupeKey: 'activity-test:1',
          to: { buyer: 'b@example.com' },
          content: { subject: 'S', heading: 'h', paragraphs: ['p'] },
        },
        '2099-01-01T00:00:00.000Z',
      ),
    );
    const mail = await t.handle.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('dedupe_key', '=', 'activity-test:1')
      .executeTakeFirstOrThrow();
    expect((await call('POST', `/api/admin/outbox/${mail.id}/resend`)).status).toBe(200);
    expect(await latest(`mail ${mail.id}`)).toMatchObject({
      actor: actor(),
      action: 'outbox.resend',
      before: { status: 'waiting', next_attempt_at: '2099-01-01T00:00:00.000Z' },
      after: { status: 'waiting' },
    });
  });

  describe('the list and the CSV', () => {
    beforeAll(async () => {
      const old = { actor: 'seller 1', before: { price: '1' }, after: { price: '2' } };
      await recordActivity(t.handle.db, {
        ...old,
        action: 'product.edit',
        target: 'Product ~ZZ/1',
        at: '2020-01-10T23:59:59.999Z',
      });
      await recordActivity(t.handle.db, {
        ...old,
        action: 'product.edit',
        target: 'product ~zz/2',
        at: '2020-01-11T00:00:00.000Z',
      });
      await recordActivity(t.handle.db, {
        ...old,
        action: 'product.delete',
        target: 'product ~zz/3',
        at: '2020-01-12T12:00:00.000Z',
      });
      await recordActivity(t.handle.db, {
        actor: '=cmd',
        action: 'product.add',
        target: 'product ~zz_4%',
        at: '2020-01-13T00:00:00.000Z',
      });
    });

    it('filters by target (case-insensitive substring, LIKE characters literal), action and inclusive days', async () => {
      expect((await list('?target=PRODUCT%20~zz/')).rows.map((r) => r.target)).toEqual([
        'product ~zz/3',
        'product ~zz/2',
        'Product ~ZZ/1',
      ]);
      expect((await list('?target=~zz_4%25')).rows.map((r) => r.target)).toEqual(['product ~zz_4%']);
      expect((await list('?target=~zz_')).total).toBe(1);
      expect((await list('?target=~zz&action=product.edit')).total).toBe(2);
      expect((await list('?target=~zz&from=2020-01-11&to=2020-01-12')).rows.map((r) => r.target)).toEqual([
        'product ~zz/3',
        'product ~zz/2',
      ]);
      expect((await list('?target=~zz&to=2020-01-10')).rows.map((r) => r.target)).toEqual(['Product ~ZZ/1']);
      const page2 = await list('?target=~zz&page=2&pageSize=3');
      expect(page2).toMatchObject({ total: 4, rows: [{ target: 'Product ~ZZ/1' }] });
      expect(page2.rows[0]).toMatchObject({
        actor: 'seller 1',
        before: { price: '1' },
        after: { price: '2' },
      });
    });

    it('answers 400 naming the field for dates that are not dates and an unknown action, changing nothing', async () => {
      const before = await count();
      for (const [query, field] of [
        ['from=2020-02-30', 'from'],
        ['to=yesterday', 'to'],
        ['from=2020-1-1', 'from'],
        ['action=product.burn', 'action'],
      ] as const) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/admin/activity?${query}`,
          headers: admin,
        });
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error, query).toContain(`"${field}"`);
        const csv = await t.app.inject({
          method: 'GET',
          url: `/api/admin/activity.csv?${query}`,
          headers: admin,
        });
        expect(csv.statusCode, query).toBe(400);
      }
      expect(await count()).toBe(before);
    });

    it('refuses both calls without the admin token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity.csv' })).statusCode).toBe(401);
    });

    it('exports the filtered rows as CSV, formulas escaped', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/activity.csv?target=~zz&from=2020-01-12',
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.body.trim().split('\n')).toEqual([
        'at,actor,action,target,before,after',
        "2020-01-13T00:00:00.000Z,'=cmd,product.add,product ~zz_4%,,",
        '2020-01-12T12:00:00.000Z,seller 1,product.delete,product ~zz/3,"{""price"":""1""}","{""price"":""2""}"',
      ]);
    });
  });

  it('removes only the rows older than the retention, in batches', async () => {
    const now = new Date('2030-06-01T00:00:00.000Z');
    const base = { actor: 'retention test', action: 'product.edit' as const };
    for (let i = 0; i < 1005; i += 1)
      await recordActivity(t.handle.db, {
        ...base,
        target: `retention old ${i}`,
        at: '2029-05-31T23:59:59.000Z',
      });
    await recordActivity(t.handle.db, { ...base, target: 'retention kept', at: '2029-06-01T00:00:01.000Z' });
    const total = await count();
    const removed = await removeOldActivity(t.handle.db, now, 365);
    // Everything else in this file's log is older too (2020 rows and today's are not: today is before 2030).
    expect(removed).toBeGreaterThanOrEqual(1005);
    expect((await list('?target=retention')).rows.map((r) => r.target)).toEqual(['retention kept']);
    expect(await count()).toBe(total - removed);
  });
});
