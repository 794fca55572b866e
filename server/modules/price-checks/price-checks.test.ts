import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { addProduct } from '../../test/fixtures.js';
import {
  adminHeaders,
  createTestApp,
  standInPaymentProvider,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { loadSecrets } from '../../secrets.js';
import { type CreatorsStandIn, startCreatorsStandIn } from '../../test/amazon-creators-stand-in.js';
import type { PriceRefresh } from './refresh.js';

const asin = (n: number) => `B0TEST${String(n).padStart(4, '0')}`;
const link = (n: number) => `https://www.amazon.com/Some-Thing/dp/${asin(n)}?tag=x-20`;
const START = Date.UTC(2026, 5, 10, 12);

describe.each(TEST_DIALECTS)('price checks against a Creators API stand-in (%s)', (dialect) => {
  let t: TestApp;
  let standIn: CreatorsStandIn;
  let refresh: PriceRefresh;
  let clock = START;

  const start = async (env: Record<string, string> = {}) => {
    t = await createTestApp(
      dialect,
      { ...standIn.env(), ...env },
      {
        priceSources: {
          now: () => clock,
          onRefresh: (made) => {
            refresh = made!;
          },
        },
      },
    );
  };

  /** Ticks the refresh as the timer would, a second of the fake clock apart, until `done` or `ticks` run out. */
  const tickUntil = async (done: () => boolean, ticks = 40) => {
    for (let i = 0; i < ticks && !done(); i++) {
      await refresh.tick();
      clock += 1000;
    }
  };

  const product = (id: number, shop = 'default') =>
    t.handle.db
      .selectFrom('products')
      .selectAll()
      .where('shop', '=', shop)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const catalogItem = async (id: number) => {
    const response = await t.app.inject({ url: `/api/products/${id}?shop=default` });
    return response.json();
  };

  beforeEach(async () => {
    clock = START;
    standIn = await startCreatorsStandIn();
  });
  afterEach(async () => {
    await t?.close();
    await standIn.close();
  });

  it('reads 10 ASINs a call with one token, applies prices and availability, flags broken links, keeps history', async () => {
    await start();
    const at = new Date(START - 3_600_000).toISOString();
    for (let id = 1; id <= 23; id++) {
      await addProduct(t.handle.db, 'default', id, { link: link(id), price_cents: 1000, updated_at: at });
      standIn.items.set(asin(id), { amount: 12.34, type: 'IN_STOCK' });
    }
    standIn.items.set(asin(2), { amount: 10, type: 'OUT_OF_STOCK' });
    standIn.items.set(asin(3), {});
    standIn.items.delete(asin(4));
    standIn.inaccessible.add(asin(5));
    await addProduct(t.handle.db, 'default', 24, { link: 'https://www.amazon.com/s?k=kettle' });
    await addProduct(t.handle.db, 'default', 25, { link: 'https://retailer.example/p/25' });

    await tickUntil(() => standIn.calls.length >= 3);
    expect(standIn.calls.map((call) => (call.body as { itemIds: string[] }).itemIds.length)).toEqual([
      10, 10, 3,
    ]);
    expect(standIn.tokens).toHaveLength(1);
    const first = standIn.calls[0]!;
    expect(first.headers.authorization).toBe('Bearer token-1-c, Version 2.1');
    expect(first.headers['x-marketplace']).toBe('www.amazon.com');
    expect(first.body).toMatchObject({
      partnerTag: 'standin-20',
      resources: ['offersV2.listings.price', 'offersV2.listings.availability'],
    });

    const good = await product(1);
    expect(good).toMatchObject({ price_cents: 1234, availability: 'YES', price_hidden: 0 });
    expect(good.updated_at).toBe(new Date(Date.parse(good.updated_at)).toISOString());
    expect(Date.parse(good.updated_at)).toBeGreaterThanOrEqual(START);
    expect(await product(2)).toMatchObject({ price_cents: 1000, availability: 'NO', price_hidden: 0 });
    expect(await product(3)).toMatchObject({ availability: 'NO', price_hidden: 1 });
    expect(await product(4)).toMatchObject({ price_cents: 1000, price_hidden: 1 });
    expect(await product(5)).toMatchObject({ price_cents: 1000, price_hidden: 1 });
    expect(await product(24)).toMatchObject({ price_cents: 1000, price_hidden: 0 });

    expect((await catalogItem(1)).price).toBe('12.34');
    expect((await catalogItem(1)).price_stale).toBeUndefined();
    expect((await catalogItem(4)).price_stale).toBe(true);

    const admin = await adminHeaders(t);
    await tickUntil(() => false, 3);
    const figures = await t.app.inject({ url: '/api/admin/price-checks?shop=default', headers: admin });
    expect(figures.statusCode).toBe(200);
    expect(figures.json()).toMatchObject({
      source: 'Amazon Creators API',
      marketplace: 'www.amazon.com',
      refresh_hours: 12,
      checked: 23,
      price_changes: 19,
      out_of_stock: 2,
      not_checked: 2,
      broken_links: 2,
      last_error: null,
    });
    expect(figures.json().last_pass_ended_at).not.toBeNull();
    expect(figures.json().broken.map((row: { id: number }) => row.id)).toEqual([4, 5]);

    const history = await t.app.inject({
      url: '/api/admin/price-checks/1/history?shop=default',
      headers: admin,
    });
    expect(history.json()).toMatchObject({ asin: asin(1), result: 'ok', low_30_days: '12.34' });
    expect(history.json().points).toHaveLength(1);

    // Check now: one call, within the rate, the new price applied and kept in the history.
    standIn.items.set(asin(1), { amount: 9.99, type: 'IN_STOCK' });
    clock += 60_000;
    const now = await t.app.inject({
      method: 'POST',
      url: '/api/admin/price-checks/1/check?shop=default',
      headers: admin,
    });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ id: 1, result: 'ok', price: '9.99', availability: 'YES' });
    const after = await t.app.inject({
      url: '/api/admin/price-checks/1/history?shop=default',
      headers: admin,
    });
    expect(after.json().low_30_days).toBe('9.99');
    expect(after.json().points).toHaveLength(2);
    const notAmazon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/price-checks/25/check?shop=default',
      headers: admin,
    });
    expect(notAmazon.statusCode).toBe(409);
    const openBox = await t.app.inject({ url: '/api/admin/price-checks?shop=ayz', headers: admin });
    expect(openBox.statusCode).toBe(400);
  });

  it('hides a price older than 24 hours from the card, the modal and the JSON-LD, and shows it again after a read', async () => {
    await start();
    await addProduct(t.handle.db, 'default', 1, { link: link(1), updated_at: new Date(START).toISOString() });
    await addProduct(t.handle.db, 'default', 2, {
      link: 'https://retailer.example/p/2',
      updated_at: new Date(START).toISOString(),
    });
    await refresh.sweepAll();
    expect((await catalogItem(1)).price_stale).toBeUndefined();
    const page = async () => (await t.app.inject({ url: '/api/catalog?shop=default' })).json().items;
    expect((await page())[0].price_stale).toBeUndefined();

    clock = START + 25 * 3_600_000;
    await refresh.sweepAll();
    expect((await catalogItem(1)).price_stale).toBe(true);
    expect((await page())[0].price_stale).toBe(true);
    // Not checked (another retailer): left as it is.
    expect((await catalogItem(2)).price_stale).toBeUndefined();
    const html = await t.app.inject({ url: '/refferals/product/1' });
    if (html.statusCode === 200 && html.body.includes('application/ld+json')) {
      const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html.body)?.[1] ?? '';
      expect(jsonLd).not.toContain('"price"');
    }

    standIn.items.set(asin(1), { amount: 5, type: 'IN_STOCK' });
    await tickUntil(() => standIn.calls.length >= 1);
    expect(await catalogItem(1)).toMatchObject({ price: '5.00' });
    expect((await catalogItem(1)).price_stale).toBeUndefined();
  });

  it('backs off after 429 and goes on with the pass later', async () => {
    await start(standIn.env('3.1'));
    for (let id = 1; id <= 3; id++) await addProduct(t.handle.db, 'default', id, { link: link(id) });
    for (let id = 1; id <= 3; id++) standIn.items.set(asin(id), { amount: 20, type: 'IN_STOCK' });
    standIn.mode = 'too-fast';
    await refresh.tick();
    expect(standIn.calls).toHaveLength(1);
    expect(standIn.calls[0]!.headers.authorization).toBe('Bearer token-1-l');
    expect((standIn.tokens[0]!.body as Record<string, string>).scope).toBe('creatorsapi::default');
    // Backing off: no call a second later, nor two.
    clock += 1000;
    await refresh.tick();
    clock += 1000;
    await refresh.tick();
    expect(standIn.calls).toHaveLength(1);
    const admin = await adminHeaders(t);
    const figures = (
      await t.app.inject({ url: '/api/admin/price-checks?shop=default', headers: admin })
    ).json();
    expect(figures.last_error).toBe('Amazon Creators API answered 429 (too many requests) to getItems.');
    expect(await product(1)).toMatchObject({ price_cents: 1000 });

    standIn.mode = 'ok';
    clock += 60_000;
    await refresh.tick();
    expect(standIn.calls).toHaveLength(2);
    expect(await product(1)).toMatchObject({ price_cents: 2000 });
    expect(standIn.tokens).toHaveLength(1);
  });

  it.each(['not-json', 'bad-price', 'refuse-token', 'server-error'] as const)(
    'changes no product when the source answers %s, and says so on the Price checks screen',
    async (mode) => {
      await start();
      await addProduct(t.handle.db, 'default', 1, {
        link: link(1),
        price_cents: 1000,
        updated_at: new Date(START).toISOString(),
      });
      standIn.items.set(asin(1), { amount: 20, type: 'IN_STOCK' });
      const before = await product(1);
      standIn.mode = mode;
      await refresh.tick();
      expect(await product(1)).toEqual(before);
      const admin = await adminHeaders(t);
      const figures = (
        await t.app.inject({ url: '/api/admin/price-checks?shop=default', headers: admin })
      ).json();
      expect(figures.last_error).toMatch(/^Amazon Creators API (answered|could not)/);
      expect((await t.app.inject({ url: '/api/catalog?shop=default' })).statusCode).toBe(200);
    },
  );

  it('makes calls at least a second apart across two app instances sharing the database', async () => {
    await start();
    for (let id = 1; id <= 40; id++) {
      await addProduct(t.handle.db, 'default', id, { link: link(id) });
      standIn.items.set(asin(id), { amount: 3, type: 'IN_STOCK' });
    }
    const realClock = { now: Date.now };
    const second =
      dialect === 'postgres'
        ? openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, sqliteFile: '', pgSchema: t.schema! })
        : { db: t.handle.db, close: async () => undefined };
    const makeApp = (db: typeof t.handle.db) =>
      buildApp(
        {
          config: t.config,
          db,
          dialect,
          secrets: loadSecrets({ ...t.config, dataDir: path.join(t.dataDir) }),
          paymentProvider: standInPaymentProvider,
        },
        {
          serveClient: false,
          orderSweepMs: 0,
          chatImageSweepMs: 0,
          chatEmailNoticeMs: 0,
          activityRetentionMs: 0,
          revocationPurgeMs: 0,
          mailSendMs: 0,
          priceSources: { refreshMs: 20, now: realClock.now },
        },
      );
    const one = await makeApp(t.handle.db);
    const two = await makeApp(second.db);
    await Promise.all([one.ready(), two.ready()]);
    const deadline = Date.now() + 10_000;
    while (standIn.calls.length < 4 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([one.close(), two.close()]);
    await second.close();
    expect(standIn.calls.length).toBeGreaterThanOrEqual(4);
    const gaps = standIn.calls.slice(1).map((call, i) => call.at - standIn.calls[i]!.at);
    // Each call starts at least CALL_SPACING_MS after the one before it began (a few ms of network jitter aside).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(980);
    // Two processes, one token each at most.
    expect(standIn.tokens.length).toBeLessThanOrEqual(2);
  }, 20_000);
});
