/**
 * A shop page's first view over real HTTP: the HTML carries the overview the page asks for first (the
 * very body GET /api/catalog/overview answers) and preloads no picture (first-view.ts says why), a
 * hostile title cannot leave the embedded JSON, other pages embed nothing, and a repeat visit
 * revalidates with 304.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INITIAL_OVERVIEW_ELEMENT_ID } from '../../../shared/constants.js';
import type { CatalogOverview } from '../../../shared/schemas/catalog.js';
import { SHOPS } from '../../../shared/shops.js';
import { buildApp } from '../../app.js';
import { addProduct } from '../../test/fixtures.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { productImageDir, storeProductImages } from '../images/store.js';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Template title</title>
    <script type="module" src="/assets/app.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const HOSTILE_TITLE = '</script><script>alert(1)</script>';
const DATA_OPEN = new RegExp(
  `<script type="application/json" id="${INITIAL_OVERVIEW_ELEMENT_ID}" data-shop="([a-z]+)">`,
  'g',
);

/** What an HTML parser makes of the page: the data block ends at the first `</script>` after it opens. */
function embedded(html: string): { shop: string; text: string }[] {
  return [...html.matchAll(DATA_OPEN)].map((match) => {
    const start = match.index + match[0].length;
    return { shop: match[1]!, text: html.slice(start, html.indexOf('</script>', start)) };
  });
}

function preloads(html: string) {
  return [...html.matchAll(/<link rel="preload" as="image" ([^>]*)>/g)].map(([, attributes]) => {
    const attribute = (name: string) =>
      new RegExp(`${name}="([^"]*)"`).exec(attributes!)?.[1]?.replace(/&amp;/g, '&');
    return {
      href: attribute('href'),
      srcset: attribute('imagesrcset'),
      sizes: attribute('imagesizes'),
      priority: attribute('fetchpriority'),
    };
  });
}

describe.each(TEST_DIALECTS)('a shop page carries its first view on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let base: string;
  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });
  const overviewOf = async (shop: string) =>
    (await (await get(`/api/catalog/overview?shop=${shop}`)).json()) as CatalogOverview;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const clientDir = path.join(t.dataDir, 'client');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), '');
    const db = t.handle.db;
    const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#357' } })
      .webp()
      .toBuffer();
    // The hostile title sorts first by title, so it is the PC shop's first card.
    await addProduct(db, 'pc', 1, { title: HOSTILE_TITLE, category: 'CPU' });
    for (const id of [2, 3, 4]) await addProduct(db, 'pc', id, { category: 'CPU' });
    await addProduct(db, 'pc', 5, { category: 'GPU' });
    for (const id of [1, 2, 3, 4, 5]) {
      await storeProductImages(await productImageDir(t.config.imagesDir, 'pc', id), [picture], 'replace');
    }
    for (const id of [7, 8, 9]) {
      await addProduct(db, 'default', id, { view_count: id * 10 });
      await storeProductImages(
        await productImageDir(t.config.imagesDir, 'default', id),
        [picture],
        'replace',
      );
    }
    app = await buildApp(t.app.deps, { clientDir, orderSweepMs: 0 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  for (const shop of [SHOPS.pc, SHOPS.default]) {
    it(`embeds the body GET /api/catalog/overview answers for ${shop.route}`, async () => {
      for (const route of [shop.route, `${shop.route}/`]) {
        const response = await get(route);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        const blocks = embedded(await response.text());
        expect(blocks).toHaveLength(1);
        expect(blocks[0]!.shop).toBe(shop.key);
        expect(JSON.parse(blocks[0]!.text)).toEqual(await overviewOf(shop.key));
      }
    });
  }

  it('keeps a hostile product title inside the embedded JSON', async () => {
    const html = await (await get(SHOPS.pc.route)).text();
    expect(html).not.toContain(HOSTILE_TITLE);
    expect(html).not.toContain('<script>alert(1)');
    const [block] = embedded(html);
    const overview = JSON.parse(block!.text) as CatalogOverview;
    expect(overview.groups[0]!.rows[0]!.items[0]!.title).toBe(HOSTILE_TITLE);
    // Nothing follows the block but the end of the page: the title did not end it early.
    expect(html.slice(html.indexOf(block!.text) + block!.text.length)).toBe('</script></body>\n</html>');
  });

  it('preloads no picture: a saved category or search shows other pictures than the default view', async () => {
    for (const shop of [SHOPS.pc, SHOPS.default]) {
      const html = await (await get(shop.route)).text();
      expect(embedded(html), shop.route).toHaveLength(1);
      expect(preloads(html), shop.route).toEqual([]);
      expect(html, shop.route).not.toMatch(/<link[^>]+rel="preload"[^>]+as="image"/);
    }
  });

  it('embeds nothing in a product page, an admin page or an unknown page', async () => {
    for (const url of [
      '/pcshop?product=1',
      '/pcshop?product=nope',
      SHOPS.pc.adminRoute,
      '/account',
      '/nowhere',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      const html = await response.text();
      expect(embedded(html), url).toEqual([]);
      expect(html, url).not.toContain(INITIAL_OVERVIEW_ELEMENT_ID);
      expect(preloads(html), url).toEqual([]);
      expect(response.headers.get('etag'), url).toBeNull();
    }
  });

  it('makes a shop page once per catalogue state, and sends it compressed as the browser asks', async () => {
    // One views window throughout (the state is the version and the window, catalog/freshness.ts).
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const injections = vi.spyOn(app, 'inject');
    const overviewReads = () =>
      injections.mock.calls.filter((call) =>
        String((call as unknown[] as [{ url?: string }])[0].url).startsWith('/api/catalog/overview'),
      ).length;
    try {
      const plain = await app.inject({ url: SHOPS.default.route });
      expect(overviewReads()).toBe(1);
      const pages = [plain];
      for (const encoding of ['br', 'gzip', 'br', 'identity']) {
        pages.push(await app.inject({ url: SHOPS.default.route, headers: { 'accept-encoding': encoding } }));
      }
      // The first page read the overview (an injected request); the others were the kept page.
      expect(overviewReads()).toBe(1);
      for (const [index, page] of pages.entries()) {
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers.etag).toBe(plain.headers.etag);
        const coding = [undefined, 'br', 'gzip', 'br', undefined][index];
        expect(page.headers['content-encoding']).toBe(coding);
        const html =
          coding === 'br'
            ? zlib.brotliDecompressSync(page.rawPayload)
            : coding === 'gzip'
              ? zlib.gunzipSync(page.rawPayload)
              : page.rawPayload;
        expect(html.equals(plain.rawPayload)).toBe(true);
      }
      expect(embedded(plain.body)).toHaveLength(1);
    } finally {
      injections.mockRestore();
      clock.mockRestore();
    }
  });

  it('revalidates a repeat visit with 304 until the catalogue changes', async () => {
    // The tag names a 10 s views window too: of two tries back to back, one falls within a single window.
    let etag = '';
    let again: Response | undefined;
    for (let attempt = 0; attempt < 2 && again?.status !== 304; attempt += 1) {
      etag = (await get(SHOPS.pc.route)).headers.get('etag')!;
      again = await get(SHOPS.pc.route, { 'if-none-match': etag });
    }
    expect(etag).toMatch(/^W\/".+"$/);
    expect(again!.status).toBe(304);
    expect(again!.headers.get('etag')).toBe(etag);
    expect(await again!.text()).toBe('');
    // Another shop's page never answers to this tag.
    expect((await get(SHOPS.default.route, { 'if-none-match': etag })).status).toBe(200);

    await addProduct(t.handle.db, 'pc', 6, { title: 'A new arrival', category: 'CPU' });
    const changed = await get(SHOPS.pc.route, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const [block] = embedded(await changed.text());
    expect(JSON.parse(block!.text)).toEqual(await overviewOf('pc'));
    expect(JSON.stringify(JSON.parse(block!.text))).toContain('A new arrival');
  });
});
