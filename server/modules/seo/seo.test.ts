/**
 * What a crawler or a link preview gets without running JavaScript: each page's head in index.html,
 * the sitemaps and robots.txt, over the real app and database.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPS, SITE_NAME } from '../../../shared/shops.js';
import { buildApp } from '../../app.js';
import { addProduct, conditions } from '../../test/fixtures.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { ogLocale, withHead } from './head.js';
import { SITEMAP_URL_LIMIT } from './sitemap.js';

/** The real index.html's shape: the server replaces its title and description and adds the rest. */
const TEMPLATE = `<!doctype html>
<html lang="en" data-theme="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="The template's own description." />
    <title>Template title</title>
    <script type="module" src="/assets/app.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const HOSTILE_TITLE = `</title><script>alert(1)</script>"><img src=x onerror=alert(2)>`;
const ORIGIN = 'https://shop.example';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** A page's head as a reader of its markup sees it (attribute values end at the first double quote). */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const metas = new Map<string, string>();
  for (const [, key, content] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) {
    metas.set(key!, decode(content!));
  }
  const ldBlocks = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return {
    head,
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    titles: head.match(/<title>/g)?.length ?? 0,
    canonical: decode(/<link rel="canonical" href="([^"]*)"/.exec(head)?.[1] ?? ''),
    meta: (key: string) => metas.get(key),
    descriptions: head.match(/<meta name="description"/g)?.length ?? 0,
    jsonLd: ldBlocks.map((block) => JSON.parse(block[1]!) as Record<string, unknown>),
    ldText: ldBlocks.map((block) => block[1]!).join(''),
    scripts: head.match(/<script/g)?.length ?? 0,
  };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!));
const lastmods = (xml: string) => [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]!);

describe.each(TEST_DIALECTS)('crawlable pages on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let published: FastifyInstance;

  const page = async (url: string, target = app) => {
    const response = await target.inject({
      url,
      headers: { host: 'shop.example', 'x-forwarded-proto': 'https' },
    });
    return { response, ...headOf(response.body) };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const clientDir = path.join(t.dataDir, 'client');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), '');
    const db = t.handle.db;
    await addProduct(db, 'pc', 12, {
      title: 'Ryzen 7 "Fast" & cool',
      description: `<h2>Eight cores &amp; <strong>sixteen</strong> threads</h2><p>${'Runs cool and quiet. '.repeat(12)}</p>`,
      price_cents: 32_999,
      availability: 'YES',
      image_count: 2,
      updated_at: '2026-06-02T10:00:00.000Z',
    });
    await addProduct(db, 'pc', 13, {
      availability: 'NO',
      image_count: 0,
      updated_at: '2026-06-03T10:00:00.000Z',
    });
    for (const id of [14, 15, 16, 17]) {
      await addProduct(db, 'pc', id, { updated_at: `2026-06-0${id - 10}T10:00:00.000Z` });
    }
    await addProduct(
      db,
      'ayz',
      7,
      { title: 'Open-box monitor', description: '' },
      // Very Good has 3 units but no price: not for sale, so no offer (issue 30).
      conditions([10_000, 0], [15_000, 2], [0, 3], [19_999, 1]),
    );
    // Sold out: its only units are in a condition with no price.
    await addProduct(
      db,
      'ayz',
      8,
      { title: 'Sold-out monitor' },
      conditions([9_000, 0], [12_000, 0], [0, 2]),
    );
    await addProduct(db, 'smart', 3, {
      title: HOSTILE_TITLE,
      description: '<p>&lt;/script&gt;&lt;script&gt;alert(3)&lt;/script&gt; "quoted" \u2028 line</p>',
    });
    const options = { clientDir, orderSweepMs: 0, sitemapUrlLimit: 3 };
    app = await buildApp({ ...t.app.deps, config: { ...t.config, TRUST_PROXY: () => true } }, options);
    published = await buildApp(
      { ...t.app.deps, config: { ...t.config, PUBLIC_URL: 'https://public.example/' } },
      options,
    );
  });
  afterAll(async () => {
    await app.close();
    await published.close();
    await t.close();
  });

  it("puts an affiliate product's title, description, Open Graph and JSON-LD in the HTML", async () => {
    const product = (await app.inject('/api/products/12?shop=pc')).json();
    const { response, ...head } = await page('/pcshop?product=12');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(head.titles).toBe(1);
    expect(head.descriptions).toBe(1);
    expect(head.title).toBe(`${product.title} | PC Build`);
    const description = head.meta('description')!;
    expect(description.startsWith('Eight cores & sixteen threads Runs cool and quiet.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    const url = `${ORIGIN}/pcshop?product=12`;
    const image = `${ORIGIN}/images/PCProducts/12/preview/1.webp?v=${encodeURIComponent(product.updated_at)}`;
    expect(head.canonical).toBe(url);
    expect(head.meta('og:type')).toBe('product');
    expect(head.meta('og:title')).toBe(head.title);
    expect(head.meta('og:description')).toBe(description);
    expect(head.meta('og:url')).toBe(url);
    expect(head.meta('og:image')).toBe(image);
    expect(head.meta('og:site_name')).toBe(SITE_NAME);
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('robots')).toBeUndefined();
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      sku: '12',
      url,
      image: [image],
      offers: [
        {
          '@type': 'Offer',
          price: product.price,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      ],
    });
    expect(product.price).toBe('329.99');
  });

  it('says OutOfStock for an unavailable affiliate product, and shares no picture it does not have', async () => {
    const head = await page('/pcshop?product=13');
    expect(head.jsonLd[0]!.offers).toEqual([
      expect.objectContaining({ price: '10.00', availability: 'https://schema.org/OutOfStock' }),
    ]);
    expect(head.meta('og:image')).toBeUndefined();
    expect(head.meta('twitter:card')).toBe('summary');
  });

  it('gives an open-box product one Offer per condition for sale in stock, with its condition', async () => {
    const product = (await app.inject('/api/products/7?shop=ayz')).json();
    const head = await page('/?product=7');
    expect(head.title).toBe('Open-box monitor | Open Box Store');
    expect(head.meta('description')).toBe('Open-box monitor in the Open Box Store.');
    expect(head.canonical).toBe(`${ORIGIN}/?product=7`);
    const offers = head.jsonLd[0]!.offers as Record<string, string>[];
    const expected = [
      ['Good', product.good_condition_price],
      ['Excellent', product.excellent_condition_price],
    ];
    expect(offers.map((offer) => [offer.name, offer.price])).toEqual(expected);
    expect(expected).toEqual([
      ['Good', '150.00'],
      ['Excellent', '199.99'],
    ]);
    for (const offer of offers) {
      expect(offer).toMatchObject({
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
      });
    }
    const soldOut = await page('/?product=8');
    expect(soldOut.jsonLd[0]!.offers).toEqual([
      expect.objectContaining({
        price: '90.00',
        availability: 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/UsedCondition',
      }),
    ]);
  });

  it("describes a product's shared picture by its title, and says the locale wherever Open Graph is", async () => {
    const product = await page('/pcshop?product=12');
    expect(product.meta('og:image')).toBeDefined();
    expect(product.meta('og:image:alt')).toBe('Ryzen 7 "Fast" & cool');
    expect(product.meta('twitter:image:alt')).toBe('Ryzen 7 "Fast" & cool');
    expect(product.meta('og:locale')).toBe('en_US');
    const hostile = await page('/smartshop?product=3');
    expect(hostile.meta('og:image:alt')).toBe(HOSTILE_TITLE);
    expect(hostile.meta('twitter:image:alt')).toBe(HOSTILE_TITLE);
    expect(hostile.head).not.toContain('<img');
    // No picture, nothing to describe.
    const bare = await page('/pcshop?product=13');
    expect(bare.meta('og:image:alt')).toBeUndefined();
    expect(bare.meta('twitter:image:alt')).toBeUndefined();
    expect(bare.meta('og:locale')).toBe('en_US');
    for (const shop of Object.values(SHOPS)) expect((await page(shop.route)).meta('og:locale')).toBe('en_US');
    expect((await page('/account')).meta('og:locale')).toBeUndefined();
  });

  it('keeps a hostile title and description as text', async () => {
    const head = await page('/smartshop?product=3');
    expect(head.title).toBe(`${HOSTILE_TITLE} | Smart Shop`);
    expect(head.meta('og:title')).toBe(`${HOSTILE_TITLE} | Smart Shop`);
    expect(head.titles).toBe(1);
    // The template's module script and the JSON-LD block, nothing the title or description opened.
    expect(head.scripts).toBe(2);
    expect(head.head).not.toContain('<img');
    expect(head.ldText).not.toMatch(/[<>\u2028]/);
    expect(head.ldText).toContain('\\u003c/script\\u003e');
    expect(head.jsonLd[0]!.name).toBe(HOSTILE_TITLE);
    expect(head.jsonLd[0]!.description).toBe('</script><script>alert(3)</script> "quoted" line');
  });

  it("gives an unknown or malformed product id the shop's own head, with 200", async () => {
    for (const query of [
      'product=999',
      'product=abc',
      'product=0',
      'product=1e3',
      'product=99999999999',
      'product=',
    ]) {
      const head = await page(`/pcshop?${query}`);
      expect(head.response.statusCode, query).toBe(200);
      expect(head.title, query).toBe(SHOPS.pc.seoTitle);
      expect(head.canonical, query).toBe(`${ORIGIN}/pcshop`);
    }
    expect((await page('/refferals?product=12')).title).toBe(SHOPS.default.seoTitle);
  });

  it('gives every shop page its own title and description, and other pages a generic noindex head', async () => {
    for (const shop of Object.values(SHOPS)) {
      const head = await page(shop.route);
      expect(head.title).toBe(shop.seoTitle);
      expect(head.meta('description')).toBe(shop.seoDescription);
      expect(shop.seoDescription.length).toBeLessThanOrEqual(160);
      expect(head.canonical).toBe(`${ORIGIN}${shop.route}`);
      expect(head.meta('og:type')).toBe('website');
      expect(head.meta('robots')).toBeUndefined();
    }
    expect((await page('/pcshop/')).canonical).toBe(`${ORIGIN}/pcshop`);
    for (const url of ['/admin', '/pcadmin', '/ayzadmin?product=7', '/orders', '/account', '/no/such/page']) {
      const head = await page(url);
      expect(head.title, url).toBe(SITE_NAME);
      expect(head.meta('robots'), url).toBe('noindex');
      expect(head.canonical, url).toBe('');
      expect(head.jsonLd, url).toEqual([]);
    }
  });

  it('builds absolute URLs on PUBLIC_URL when it is set', async () => {
    const head = await page('/pcshop?product=12', published);
    expect(head.canonical).toBe('https://public.example/pcshop?product=12');
    const robots = await published.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://public.example/sitemap.xml');
  });

  it('indexes a sitemap per shop and id range, each at most the limit, with lastmod', async () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    const index = await app.inject({ url: '/sitemap.xml', headers: { host: 'shop.example' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const origin = 'http://shop.example';
    // 3 ids per file: ayz 7 and 8 in (6, 9]; pc 12..17 in (9, 12], (12, 15], (15, 18]; smart 3 in (0, 3].
    expect(locs(index.body)).toEqual([
      `${origin}/sitemaps/shops.xml`,
      `${origin}/sitemaps/ayz-3.xml`,
      `${origin}/sitemaps/pc-4.xml`,
      `${origin}/sitemaps/pc-5.xml`,
      `${origin}/sitemaps/pc-6.xml`,
      `${origin}/sitemaps/smart-1.xml`,
    ]);
    expect(lastmods(index.body).slice(3, 5)).toEqual([
      '2026-06-05T10:00:00.000Z',
      '2026-06-07T10:00:00.000Z',
    ]);

    const urlsIn = async (file: string) => {
      const response = await app.inject({ url: `/sitemaps/${file}`, headers: { host: 'shop.example' } });
      expect(response.statusCode, file).toBe(200);
      return { locs: locs(response.body), lastmods: lastmods(response.body) };
    };
    const files = await Promise.all(['pc-4.xml', 'pc-5.xml', 'pc-6.xml'].map(urlsIn));
    expect(files.map((file) => file.locs.length)).toEqual([1, 3, 2]);
    expect(files.flatMap((file) => file.locs)).toEqual(
      [12, 13, 14, 15, 16, 17].map((id) => `${origin}/pcshop?product=${id}`),
    );
    expect(files[1]!.lastmods).toEqual([
      '2026-06-03T10:00:00.000Z',
      '2026-06-04T10:00:00.000Z',
      '2026-06-05T10:00:00.000Z',
    ]);
    const ayz = await urlsIn('ayz-3.xml');
    expect(ayz.locs).toEqual([`${origin}/?product=7`, `${origin}/?product=8`]);
    const smart = await app.inject({ url: '/sitemaps/smart-1.xml', headers: { host: 'shop.example' } });
    // The hostile title is not in a sitemap, but the URL is escaped like everything written there.
    expect(smart.body).not.toContain('<script');
    const shops = await urlsIn('shops.xml');
    expect(shops.locs).toEqual(
      ['/refferals', '/', '/pcshop', '/smartshop'].map((route) => `${origin}${route}`),
    );
    expect(shops.lastmods).toHaveLength(3);
  });

  it('answers an unknown or empty sitemap file with 404 and a sentence', async () => {
    for (const file of [
      'pc-1.xml',
      'pc-0.xml',
      'pc-999999999.xml',
      'nope-1.xml',
      'pc-1',
      'constructor-1.xml',
    ]) {
      const response = await app.inject(`/sitemaps/${file}`);
      expect(response.statusCode, file).toBe(404);
      expect(response.json(), file).toEqual({ error: 'There is no such sitemap.' });
    }
  });

  it('allows the shops in robots.txt and keeps crawlers out of the API, admin and buyer pages', async () => {
    const response = await app.inject({ url: '/robots.txt', headers: { host: 'shop.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const closed of [
      '/api/',
      '/admin',
      '/pcadmin',
      '/smartadmin',
      '/ayzadmin',
      '/orders',
      '/account',
      '/chats',
      '/chat/',
      '/pay/',
    ]) {
      expect(lines, closed).toContain(`Disallow: ${closed}`);
    }
    for (const shop of Object.values(SHOPS)) {
      const blocked = lines.some(
        (line) => line.startsWith('Disallow: ') && shop.route.startsWith(line.slice(10)),
      );
      expect(blocked, shop.route).toBe(false);
    }
    expect(lines).toContain('Sitemap: http://shop.example/sitemap.xml');
  });
});

describe('og:locale', () => {
  it("follows the page's lang: a region as given, a bare en as en_US, nothing guessed", () => {
    expect(ogLocale('en')).toBe('en_US');
    expect(ogLocale(undefined)).toBe('en_US');
    expect(ogLocale('en-GB')).toBe('en_GB');
    expect(ogLocale('pt-br')).toBe('pt_BR');
    expect(ogLocale('fr')).toBeUndefined();
    const head = { title: 'T', description: 'D', openGraph: { type: 'website' as const, siteName: 'S' } };
    const british = withHead(TEMPLATE.replace('lang="en"', 'lang="en-GB"'), head);
    expect(headOf(british).meta('og:locale')).toBe('en_GB');
    expect(
      headOf(withHead(TEMPLATE.replace('lang="en"', 'lang="fr"'), head)).meta('og:locale'),
    ).toBeUndefined();
  });
});
