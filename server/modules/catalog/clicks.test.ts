/** POST /api/products/{id}/click (issue 29): one counted Buy click per visitor per product per 10 minutes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { addProduct, conditions } from '../../test/fixtures.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { CLICK_WINDOW_MS, CLICKS_REPORT_DAYS, isBot, purgeOldClicks } from './clicks.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('the bot test', () => {
  it('knows crawlers, libraries and headless browsers, and lets browsers through', () => {
    for (const agent of [
      undefined,
      '',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'python-requests/2.31',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0 Safari/537.36',
    ]) {
      expect(isBot(agent), String(agent)).toBe(true);
    }
    for (const agent of [
      BROWSER,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    ]) {
      expect(isBot(agent), agent).toBe(false);
    }
  });
});

describe.each(TEST_DIALECTS)('outbound clicks on %s', (dialect) => {
  let t: TestApp;
  let nextId = 1;
  const freshProduct = async () => {
    const id = nextId++;
    await addProduct(t.handle.db, 'default', id);
    return id;
  };
  /** A press of the Buy link as a browser's sendBeacon sends it: no body and no content type by default. */
  const click = async (
    id: number,
    remoteAddress: string,
    {
      shop = 'default',
      agent = BROWSER,
      app = t.app,
      headers = {} as Record<string, string>,
      payload = '',
    } = {},
  ) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/products/${id}/click?shop=${shop}`,
      headers: { 'user-agent': agent, ...headers },
      payload,
      remoteAddress,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const storedClicks = async (id: number) =>
    (
      await t.handle.db
        .selectFrom('product_clicks')
        .select('clicked_at')
        .where('shop', '=', 'default')
        .where('product_id', '=', id)
        .execute()
    ).length;
  /** Moves a product's click rows back in time by `ms`. */
  const backdate = async (id: number, ms: number) => {
    const rows = await t.handle.db
      .selectFrom('product_clicks')
      .selectAll()
      .where('shop', '=', 'default')
      .where('product_id', '=', id)
      .execute();
    for (const row of rows) {
      await t.handle.db
        .updateTable('product_clicks')
        .set({ clicked_at: new Date(Date.parse(row.clicked_at) - ms).toISOString() })
        .where('shop', '=', row.shop)
        .where('product_id', '=', row.product_id)
        .where('clicker', '=', row.clicker)
        .where('clicked_at', '=', row.clicked_at)
        .execute();
    }
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('counts one visitor’s clicks once per 10 minutes, and again after', async () => {
    const id = await freshProduct();
    expect(await click(id, '203.0.113.5')).toEqual({ status: 200, body: { ok: true, counted: true } });
    expect(await click(id, '203.0.113.5')).toEqual({ status: 200, body: { ok: true, counted: false } });
    // The same IPv6 /64 is the same visitor; another address is another.
    expect((await click(id, '2001:db8:1:2::1')).body.counted).toBe(true);
    expect((await click(id, '2001:db8:1:2::ffff')).body.counted).toBe(false);
    expect((await click(id, '203.0.113.6')).body.counted).toBe(true);
    expect(await storedClicks(id)).toBe(3);
    await backdate(id, CLICK_WINDOW_MS - 60_000);
    expect((await click(id, '203.0.113.5')).body.counted).toBe(false);
    await backdate(id, 61_000);
    expect((await click(id, '203.0.113.5')).body.counted).toBe(true);
    expect((await click(id, '203.0.113.5')).body.counted).toBe(false);
    expect(await storedClicks(id)).toBe(4);
  });

  it('counts ten simultaneous clicks of one visitor once, also across two app processes', async () => {
    const id = await freshProduct();
    const second = await buildApp(t.app.deps, { serveClient: false });
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => click(id, '192.0.2.44', { app: i % 2 ? second : t.app })),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(answers.filter((answer) => answer.body.counted)).toHaveLength(1);
      expect(await storedClicks(id)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('takes what sendBeacon sends: nothing, text/plain, or a JSON Blob', async () => {
    const id = await freshProduct();
    expect((await click(id, '198.51.100.1')).status).toBe(200);
    const text = { 'content-type': 'text/plain;charset=UTF-8' };
    expect((await click(id, '198.51.100.2', { headers: text, payload: 'x' })).body.counted).toBe(true);
    const json = { 'content-type': 'application/json' };
    expect((await click(id, '198.51.100.3', { headers: json })).body.counted).toBe(true);
    expect((await click(id, '198.51.100.4', { headers: json, payload: '{}' })).body.counted).toBe(true);
    expect(await storedClicks(id)).toBe(4);
  });

  it('does not count a bot, or a request without a user agent', async () => {
    const id = await freshProduct();
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(await click(id, '192.0.2.60', { agent: googlebot })).toEqual({
      status: 200,
      body: { ok: true, counted: false },
    });
    expect((await click(id, '192.0.2.61', { agent: '' })).body.counted).toBe(false);
    expect(await storedClicks(id)).toBe(0);
  });

  it('refuses the shop that sells on site, an unknown product and an unknown shop, recording nothing', async () => {
    await addProduct(t.handle.db, 'ayz', 900, {}, conditions([1000, 1]));
    expect(await click(900, '192.0.2.70', { shop: 'ayz' })).toEqual({
      status: 400,
      body: {
        error: 'The Open Box Store sells on site: its products have no retailer link to count clicks on.',
      },
    });
    expect(await click(4040, '192.0.2.70')).toEqual({
      status: 404,
      body: { error: 'There is no product 4040 in the Referrals Shop.' },
    });
    const googlebot = 'Googlebot/2.1';
    expect((await click(4040, '192.0.2.70', { agent: googlebot })).status).toBe(404);
    expect((await click(1, '192.0.2.70', { shop: 'nowhere' })).status).toBe(400);
    const rows = await t.handle.db
      .selectFrom('product_clicks')
      .select('product_id')
      .where((eb) => eb.or([eb('shop', '=', 'ayz'), eb('product_id', '=', 4040)]))
      .execute();
    expect(rows).toEqual([]);
  });

  it('stores a hash of the visitor, never its address, and never bumps the catalogue version', async () => {
    const id = await freshProduct();
    const version = async () =>
      (
        await t.handle.db
          .selectFrom('catalog_versions')
          .select('version')
          .where('shop', '=', 'default')
          .executeTakeFirst()
      )?.version;
    const before = await version();
    await click(id, '192.0.2.77');
    expect(await version()).toEqual(before);
    const rows = await t.handle.db
      .selectFrom('product_clicks')
      .select('clicker')
      .where('shop', '=', 'default')
      .where('product_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.clicker).not.toContain('192.0.2');
    expect(rows[0]!.clicker).toMatch(/^[\w-]{43}$/);
  });

  it('purges only clicks older than the report’s 30 days', async () => {
    const old = await freshProduct();
    const recent = await freshProduct();
    await click(old, '192.0.2.50');
    await click(old, '192.0.2.51');
    await click(recent, '192.0.2.50');
    await backdate(old, CLICKS_REPORT_DAYS * DAY_MS + 1000);
    await backdate(recent, CLICKS_REPORT_DAYS * DAY_MS - 60_000);
    expect(await purgeOldClicks(t.handle.db)).toBe(2);
    expect(await storedClicks(old)).toBe(0);
    expect(await storedClicks(recent)).toBe(1);
    expect(await purgeOldClicks(t.handle.db)).toBe(0);
  });
});
