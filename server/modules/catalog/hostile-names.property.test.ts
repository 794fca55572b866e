/**
 * Property: whatever text an admin types into a product's fields, every public and admin read still
 * answers and shows it exactly. Names mix fast-check's arbitrary Unicode with Object.prototype member
 * names, markup, right-to-left, emoji and combining characters; each run fills every shop and then
 * deletes what it added, so runs are independent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, NAME_MAX_LENGTH, SEARCH_MAX_LENGTH } from '../../../shared/constants.js';
import { SHOP_KEYS, SHOPS, type ShopConfig, type ShopKey } from '../../../shared/shops.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

const HOSTILE = [
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  'مرحبا بالعالم',
  '\u202Egnp.exe',
  '👩🏽‍💻 🇺🇦',
  'e\u0301\u0301\u0301',
  '%_\\',
  "Robert'); DROP TABLE products;--",
];

/** What the admin schemas accept: not blank, no NUL, no lone surrogate, at most `max` UTF-16 units. */
const accepted = (max: number) => (text: string) =>
  text.trim().length > 0 && text.trim().length <= max && !text.includes('\0') && !/\p{Surrogate}/u.test(text);

const hostile = fc.constantFrom(...HOSTILE);
const anyText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 });

function textField(max: number) {
  return fc
    .oneof(
      { weight: 3, arbitrary: hostile },
      { weight: 3, arbitrary: anyText },
      { weight: 2, arbitrary: fc.tuple(hostile, anyText, hostile).map((parts) => parts.join(' ')) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: max - 10, maxLength: max }) },
    )
    .filter(accepted(max));
}

/** Links must be web addresses without whitespace; anything else may follow the host. */
const webAddress = fc
  .oneof(hostile, anyText)
  .map((path) => `https://shop.example/${path.replace(/\s/g, '')}`)
  .filter(accepted(2000));

const productArb = fc.record({
  title: textField(NAME_MAX_LENGTH),
  main_category: textField(NAME_MAX_LENGTH),
  category: textField(NAME_MAX_LENGTH),
  link: webAddress,
  store: fc.oneof(fc.constant(''), textField(100)),
  ebay: webAddress,
  facebook_marketplace: webAddress,
  offer_up: webAddress,
  mercari_marketplaces: webAddress,
  description: fc.oneof(hostile, anyText).filter(accepted(200_000)),
});
type GeneratedProduct = typeof productArb extends fc.Arbitrary<infer T> ? T : never;

const catalogueArb = fc.record(
  Object.fromEntries(
    SHOP_KEYS.map((shop) => [shop, fc.array(productArb, { minLength: 1, maxLength: 3 })]),
  ) as {
    [K in ShopKey]: fc.Arbitrary<GeneratedProduct[]>;
  },
);

interface Summary {
  id: number;
  title: string;
  main_category: string;
  category: string;
}
interface Overview {
  groups: { main_category: string; rows: { category: string; items: Summary[] }[] }[];
  categories: Record<string, string[]>;
  totals: Record<string, { typical_total: string; current_total: string }>;
}

/** A search takes at most SEARCH_MAX_LENGTH characters: a longer title is found by its start. */
function searchableStart(title: string): string {
  let start = '';
  for (const { segment } of new Intl.Segmenter().segment(title)) {
    if (start.length + segment.length > SEARCH_MAX_LENGTH) break;
    start += segment;
  }
  return start;
}

/** JSON.parse keeps "__proto__" as an own key; read own keys only, as the client does. */
const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

describe.each(TEST_DIALECTS)('hostile text in every field on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  };
  const get = async (url: string) => {
    const response = await call('GET', url);
    expect(response.status, `GET ${url}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body;
  };
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
  });
  afterAll(() => t.close());

  async function addAll(shop: ShopConfig, products: GeneratedProduct[]) {
    for (const [index, product] of products.entries()) {
      const added = await call('POST', `/api/add-product?shop=${shop.key}`, {
        ...product,
        id: index + 1,
        price: '1.25',
        typical_price: '2.50',
        acceptable_condition_price: '1.25',
        acceptable_condition_available_quantity: 1,
      });
      expect(added, JSON.stringify(product)).toEqual({ status: 201, body: { ok: true, id: index + 1 } });
    }
  }

  async function checkShop(shop: ShopConfig, products: GeneratedProduct[]) {
    const ids = products.map((_, index) => index + 1);
    const list = await get(`/api/products?shop=${shop.key}`);
    const listed: Summary[] = shop.listIncludesCategories ? list.products : list;
    expect(listed.map((item) => item.id)).toEqual(ids);
    if (shop.listIncludesCategories) {
      for (const product of products) {
        expect(own(list.categories, product.main_category.trim())).toContain(product.category.trim());
      }
    }

    const overview: Overview = await get(`/api/catalog/overview?shop=${shop.key}`);
    const admin = await get(`/api/categories?shop=${shop.key}`);
    expect(await get(`/api/next-id?shop=${shop.key}`)).toEqual({ nextId: products.length + 1 });
    expect(
      (await get(`/api/catalog?${query({ shop: shop.key, pageSize: String(MAX_PAGE_SIZE) })}`)).total,
    ).toBe(products.length);

    for (const [index, product] of products.entries()) {
      const id = index + 1;
      const title = product.title.trim();
      const main = product.main_category.trim();
      const category = product.category.trim();

      const detail = await get(`/api/products/${id}?shop=${shop.key}`);
      expect(detail).toMatchObject({ id, title, main_category: main, category });
      expect(typeof detail.description).toBe('string');
      if (shop.hasLink) expect(detail.link).toBe(product.link.trim());
      if (shop.sells === 'on-site') {
        expect(detail).toMatchObject({
          store: product.store.trim() || 'AYZ',
          ebay: product.ebay.trim(),
          facebook_marketplace: product.facebook_marketplace.trim(),
          offer_up: product.offer_up.trim(),
          mercari_marketplaces: product.mercari_marketplaces.trim(),
        });
      }

      expect(own(overview.categories, main)).toContain(category);
      const row = overview.groups
        .find((group) => group.main_category === main)
        ?.rows.find((candidate) => candidate.category === category);
      expect(row?.items.map((item) => item.id)).toContain(id);
      expect(admin.mainCategories).toContain(main);
      expect(admin.categories).toContain(category);

      const inCategory = await get(
        `/api/catalog?${query({ shop: shop.key, category, pageSize: String(MAX_PAGE_SIZE) })}`,
      );
      expect(inCategory.items.map((item: Summary) => item.id)).toContain(id);

      const q = searchableStart(title);
      const found = await get(
        `/api/catalog?${query({ shop: shop.key, q, pageSize: String(MAX_PAGE_SIZE) })}`,
      );
      expect(found.items.map((item: Summary) => item.id)).toContain(id);
      const searched: Overview = await get(`/api/catalog/overview?${query({ shop: shop.key, q })}`);
      expect(
        searched.groups.flatMap((group) => group.rows.flatMap((r) => r.items.map((item) => item.id))),
      ).toContain(id);
    }

    // Views and the gallery do not read the names; one product per shop shows they still answer.
    const viewed = await call('POST', `/api/products/1/view?shop=${shop.key}`);
    expect(viewed.status).toBe(200);
    expect(await get(`/api/product-images/${shop.editPathSegment}/1`)).toEqual({ images: [] });

    if (shop.showCategoryTotals) {
      const counts = new Map<string, number>();
      for (const product of products) {
        const category = product.category.trim();
        counts.set(category, (counts.get(category) ?? 0) + 1);
      }
      expect(Object.keys(overview.totals).sort()).toEqual([...counts.keys()].sort());
      for (const [category, count] of counts) {
        expect(own(overview.totals, category)).toEqual({
          typical_total: (count * 2.5).toFixed(2),
          current_total: (count * 1.25).toFixed(2),
        });
      }
    }
  }

  it('answers every read and shows every name, in every shop', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(catalogueArb, async (catalogue) => {
        try {
          for (const shop of SHOP_KEYS) await addAll(SHOPS[shop], catalogue[shop]);
          for (const shop of SHOP_KEYS) await checkShop(SHOPS[shop], catalogue[shop]);
        } finally {
          for (const shop of SHOP_KEYS) {
            for (const [index] of catalogue[shop].entries()) {
              await call('DELETE', `/api/delete-product/${SHOPS[shop].editPathSegment}/${index + 1}`);
            }
          }
        }
      }),
      // On a failure, shrinking stops in time to report the smallest catalogue found so far.
      { numRuns: 15, interruptAfterTimeLimit: 90_000, markInterruptAsFailure: true },
    );
  });
});
