/**
 * The catalogue's caches stay correct: the overview comes from a per-process cache and catalogue GETs
 * revalidate by ETag, both keyed on the shop's catalogue version, which database triggers bump on every
 * visible change whichever app process (or script) wrote it. Views alone do not bump it.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { addProduct, conditions } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { catalogState, sharedVersionReader, VIEWS_MAX_AGE_MS } from './freshness.js';
import { catalogVersion } from './repository.js';

/**
 * Counts the statements an app's database answers (at their results: a query compiled once and run
 * again, as the version lookup is, is never transformed again).
 */
function statementCounter(): { plugin: KyselyPlugin; count: number } {
  const counter = {
    count: 0,
    plugin: {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        counter.count += 1;
        return args.result;
      },
    } satisfies KyselyPlugin,
  };
  return counter;
}

const productBody = (title: string) => ({
  title,
  main_category: 'Main',
  category: 'Sub',
  price: '10',
  typical_price: '0',
  link: 'https://retailer.example/p',
  rate: 3,
  availability: 'YES',
  description: '<p>x</p>',
});

describe.each(TEST_DIALECTS)('catalogue caching on %s', (dialect) => {
  let t: TestApp;
  /** A second app process over the same database, with a cache of its own; it counts its statements. */
  let second: FastifyInstance;
  const counter = statementCounter();
  let headers: { authorization: string };

  const get = async (url: string, app = t.app, etag?: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: etag ? { 'if-none-match': etag } : {},
    });
    return {
      status: response.statusCode,
      etag: response.headers.etag as string | undefined,
      cacheControl: response.headers['cache-control'],
      body: response.body,
    };
  };
  const titlesIn = (body: string) =>
    (JSON.parse(body) as { groups: { rows: { items: { title: string }[] }[] }[] }).groups.flatMap((group) =>
      group.rows.flatMap((row) => row.items.map((item) => item.title)),
    );
  const admin = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, app = t.app) => {
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  /** The edit form's body for product `id` of the referrals shop, with the version it has now. */
  const editBody = async (id: number, title: string) => {
    const { updated_at } = await t.handle.db
      .selectFrom('products')
      .select('updated_at')
      .where('shop', '=', 'default')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...productBody(title), updated_at };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    second = await buildApp(
      { ...t.app.deps, db: t.handle.db.withPlugin(counter.plugin) },
      { serveClient: false, orderSweepMs: 0 },
    );
    headers = await adminHeaders(t);
    await addProduct(t.handle.db, 'default', 1, { title: 'Quiet kettle' });
    await addProduct(t.handle.db, 'default', 2, { title: 'Loud toaster' });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('answers a repeated overview from the cache: one primary-key lookup, no catalogue query', async () => {
    await get('/api/catalog/overview?shop=default', second);
    counter.count = 0;
    const again = await get('/api/catalog/overview?shop=default', second);
    expect(again.status).toBe(200);
    expect(titlesIn(again.body)).toEqual(['Loud toaster', 'Quiet kettle']);
    expect(counter.count).toBe(1);
  });

  it('shows an edit, an addition and a deletion made through another app process at once', async () => {
    // Both processes have the overview (and a search overview) cached.
    for (const app of [t.app, second]) {
      await get('/api/catalog/overview?shop=default', app);
      await get('/api/catalog/overview?shop=default&q=kettle', app);
    }
    await admin('PUT', '/api/edit-product/default/1', await editBody(1, 'Quiet samovar'), second);
    expect(titlesIn((await get('/api/catalog/overview?shop=default')).body)).toEqual([
      'Loud toaster',
      'Quiet samovar',
    ]);
    expect(titlesIn((await get('/api/catalog/overview?shop=default&q=kettle')).body)).toEqual([]);
    expect(titlesIn((await get('/api/catalog/overview?shop=default&q=samovar')).body)).toEqual([
      'Quiet samovar',
    ]);

    await admin('POST', '/api/add-product?shop=default', { id: 3, ...productBody('Kettle deluxe') }, second);
    expect(titlesIn((await get('/api/catalog/overview?shop=default&q=kettle')).body)).toEqual([
      'Kettle deluxe',
    ]);
    await admin('DELETE', '/api/delete-product/default/3', undefined, second);
    expect(titlesIn((await get('/api/catalog/overview?shop=default&q=kettle')).body)).toEqual([]);
    expect(titlesIn((await get('/api/catalog/overview?shop=default')).body)).toEqual([
      'Loud toaster',
      'Quiet samovar',
    ]);
  });

  it('shows a write made straight to the database (seed, import, another tool) at once', async () => {
    await get('/api/catalog/overview?shop=default', second);
    await t.handle.db
      .updateTable('products')
      .set({ title: 'Loud blender', title_folded: 'loud blender' })
      .where('shop', '=', 'default')
      .where('id', '=', 2)
      .execute();
    expect(titlesIn((await get('/api/catalog/overview?shop=default', second)).body)).toEqual([
      'Loud blender',
      'Quiet samovar',
    ]);
  });

  it('never answers a request from a version read that began before it arrived', async () => {
    // Results of reads through this handle wait at a gate: a read can be held "in flight" after the
    // database answered it, as a slow round trip would.
    let open = () => {};
    let gate = Promise.resolve();
    const gated = t.handle.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await gate;
        return args.result;
      },
    });
    const readVersion = sharedVersionReader(gated);
    gate = new Promise((resolve) => (open = () => resolve()));
    const before = await catalogVersion(t.handle.db, 'default');
    const early = readVersion('default');
    const alsoEarly = readVersion('default');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The read has begun (it waits at the gate): a request arriving now must not share it.
    const during = readVersion('default');
    // SQLite's one connection is the held read's until the gate opens: write through a second one.
    const writer =
      dialect === 'sqlite' ? openDatabase({ sqliteFile: path.join(t.dataDir, 'shop.db') }) : undefined;
    try {
      await addProduct(writer?.db ?? t.handle.db, 'default', 20, { title: 'Arrived after the read began' });
    } finally {
      await writer?.close();
    }
    const late = readVersion('default');
    open();
    // Requests of one event-loop turn share the read that starts at its end, after they all arrived.
    expect(await early).toBe(before);
    expect(await alsoEarly).toBe(before);
    // Those that arrived while it was under way share the next one, which began after they arrived.
    expect(await during).toBe(before + 1);
    expect(await late).toBe(before + 1);
  });

  it.each([
    '/api/catalog/overview?shop=default',
    '/api/catalog?shop=default&q=quiet',
    '/api/products?shop=default',
    '/api/products/1?shop=default',
  ])(
    'revalidates %s: 200 with an ETag, 304 while unchanged, 200 with a new ETag after an edit',
    async (url) => {
      const first = await get(url);
      expect(first).toMatchObject({ status: 200, cacheControl: 'no-cache' });
      expect(first.etag).toMatch(/^W\/".+"$/);

      counter.count = 0;
      const unchanged = await get(url, second, first.etag);
      expect(unchanged).toMatchObject({ status: 304, etag: first.etag, cacheControl: 'no-cache', body: '' });
      expect(counter.count).toBe(1);

      await admin('PUT', '/api/edit-product/default/1', await editBody(1, `Quiet samovar ${first.etag}`));
      const changed = await get(url, second, first.etag);
      expect(changed).toMatchObject({ status: 200, cacheControl: 'no-cache' });
      expect(changed.etag).not.toBe(first.etag);
      expect(changed.body).toContain(`Quiet samovar ${first.etag}`.replaceAll('"', '\\"'));
    },
  );

  it('gives no ETag to an error, so a missing product is never revalidated into a 304', async () => {
    const missing = await get('/api/products/999?shop=default');
    expect(missing.status).toBe(404);
    expect(missing.etag).toBeUndefined();
  });

  it('keeps the version (and the caches) through views; their lag is bounded by VIEWS_MAX_AGE_MS', async () => {
    const before = await catalogVersion(t.handle.db, 'default');
    const viewed = await t.app.inject({
      method: 'POST',
      url: '/api/products/1/view?shop=default',
      remoteAddress: '198.51.100.7',
    });
    expect(viewed.json()).toMatchObject({ ok: true, view_count: 1 });
    expect(await catalogVersion(t.handle.db, 'default')).toBe(before);
    const now = Date.now();
    expect(catalogState(before, now)).not.toBe(catalogState(before, now + VIEWS_MAX_AGE_MS));
  });

  it('bumps the version on a change to any column a shopper sees, in either shop table', async () => {
    await addProduct(t.handle.db, 'default', 10, {}, conditions([1000, 2]));
    const columns =
      dialect === 'sqlite'
        ? await sql<{
            name: string;
            type: string;
          }>`select name, type from pragma_table_info('products')`.execute(t.handle.db)
        : await sql<{ name: string; type: string }>`select column_name as name, data_type as type
            from information_schema.columns where table_schema = current_schema() and table_name = 'products'`.execute(
            t.handle.db,
          );
    const changeable = columns.rows.filter((column) => !['shop', 'id', 'view_count'].includes(column.name));
    expect(changeable.length).toBeGreaterThan(15);
    for (const column of changeable) {
      const before = await catalogVersion(t.handle.db, 'default');
      const ref = sql.ref(column.name);
      // Text columns flip between two short values (availability holds three characters at most).
      const value = /int/i.test(column.type)
        ? sql`${ref} + 1`
        : sql`case when ${ref} = 'NO' then 'YES' else 'NO' end`;
      await sql`update products set ${sql.ref(column.name)} = ${value} where shop = 'default' and id = 10`.execute(
        t.handle.db,
      );
      expect({
        column: column.name,
        bumped: (await catalogVersion(t.handle.db, 'default')) > before,
      }).toEqual({
        column: column.name,
        bumped: true,
      });
    }
    const beforeStock = await catalogVersion(t.handle.db, 'default');
    await t.handle.db
      .updateTable('product_conditions')
      .set({ available_quantity: 1 })
      .where('shop', '=', 'default')
      .where('product_id', '=', 10)
      .execute();
    expect(await catalogVersion(t.handle.db, 'default')).toBeGreaterThan(beforeStock);

    // A view alone, and the stock lock's no-op update, change nothing a shopper sees.
    const beforeView = await catalogVersion(t.handle.db, 'default');
    await sql`update products set view_count = view_count + 1 where shop = 'default' and id = 10`.execute(
      t.handle.db,
    );
    await sql`update products set stock_quantity = stock_quantity where shop = 'default' and id = 10`.execute(
      t.handle.db,
    );
    expect(await catalogVersion(t.handle.db, 'default')).toBe(beforeView);
    // Another shop's version is its own.
    expect(await catalogVersion(t.handle.db, 'ayz')).toBe(0);
  });
});

describe.each(TEST_DIALECTS)('compressed catalogue answers on %s', (dialect) => {
  let t: TestApp;
  const overview = '/api/catalog/overview?shop=pc';
  const ask = (encoding?: string) =>
    t.app.inject({ url: overview, headers: encoding ? { 'accept-encoding': encoding } : {} });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (let id = 1; id <= 20; id += 1) {
      await addProduct(t.handle.db, 'pc', id, { title: `Graphics card number ${id} with a long name` });
    }
  });
  afterAll(() => t.close());

  it('answers brotli and gzip with the plain JSON inside, each compressed once per catalogue state', async () => {
    // One views window throughout (the state is the version and the window, freshness.ts).
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const gzip = vi.spyOn(zlib, 'gzip');
    try {
      const plain = await ask();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip', 'gzip, deflate, br', 'br;q=0, gzip']) {
        const first = await ask(encoding);
        const again = await ask(encoding);
        const coding = encoding.startsWith('br;q=0') || encoding === 'gzip' ? 'gzip' : 'br';
        for (const answer of [first, again]) {
          expect(answer.statusCode).toBe(200);
          expect(answer.headers['content-encoding']).toBe(coding);
          expect(answer.headers.vary).toMatch(/accept-encoding/i);
          expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(answer.headers.etag).toBe(plain.headers.etag);
          const body =
            coding === 'br'
              ? zlib.brotliDecompressSync(answer.rawPayload)
              : zlib.gunzipSync(answer.rawPayload);
          expect(body.equals(plain.rawPayload)).toBe(true);
        }
      }
      expect(brotli).toHaveBeenCalledTimes(1);
      expect(gzip).toHaveBeenCalledTimes(1);

      // A new catalogue state: compressed again, with the change inside.
      await t.handle.db
        .updateTable('products')
        .set({ title: 'Renamed card' })
        .where('shop', '=', 'pc')
        .where('id', '=', 1)
        .execute();
      const changed = await ask('br');
      expect(zlib.brotliDecompressSync(changed.rawPayload).toString()).toContain('Renamed card');
      expect(brotli).toHaveBeenCalledTimes(2);
    } finally {
      clock.mockRestore();
      brotli.mockRestore();
      gzip.mockRestore();
    }
  });

  it('sends a small answer and a client asking for no coding the JSON as it is', async () => {
    const small = await t.app.inject({
      url: '/api/catalog?shop=pc&q=number 7',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    for (const headers of [
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ]) {
      const answer = await t.app.inject({ url: overview, headers });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(() => JSON.parse(answer.body)).not.toThrow();
    }
  });
});
