/**
 * Category names are typed by admins, so they can be anything, including the names of Object.prototype's
 * members. Every read must answer and show them: a category map or totals lookup on a plain object
 * once answered 500 for "constructor" and silently lost "__proto__".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../../shared/constants.js';
import { SHOP_KEYS, SHOPS, type ShopKey } from '../../../shared/shops.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const;

describe.each(TEST_DIALECTS)('category names that are Object.prototype members on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
    for (const shop of SHOP_KEYS) {
      // Each name is a main category holding a sub-category of the same name, and a sub-category of "Main".
      let id = 0;
      for (const name of HOSTILE) {
        for (const main_category of [name, 'Main']) {
          id += 1;
          const added = await call('POST', `/api/add-product?shop=${shop}`, {
            id,
            title: `${name} item ${id}`,
            main_category,
            category: name,
            price: '10.25',
            typical_price: '12.50',
            acceptable_condition_price: '10.25',
            acceptable_condition_available_quantity: 1,
          });
          expect(added.status).toBe(201);
        }
      }
    }
  });
  afterAll(() => t.close());

  it('opens the grid of a category as long as an admin may name it, and refuses a longer filter', async () => {
    const longest = `${'x'.repeat(NAME_MAX_LENGTH - 1)}!`;
    const added = await call('POST', '/api/add-product?shop=smart', {
      id: 100,
      title: 'Long category item',
      main_category: longest,
      category: longest,
    });
    expect(added.status).toBe(201);
    const page = await call('GET', `/api/catalog?shop=smart&category=${encodeURIComponent(longest)}`);
    expect(page.status).toBe(200);
    expect(page.body.items.map((item: { id: number }) => item.id)).toEqual([100]);
    const tooLong = await call('GET', `/api/catalog?shop=smart&category=${'x'.repeat(NAME_MAX_LENGTH + 1)}`);
    expect(tooLong).toEqual({
      status: 400,
      body: { error: `Invalid query parameter "category": must be at most ${NAME_MAX_LENGTH} characters.` },
    });
    expect((await call('DELETE', '/api/delete-product/smart/100')).status).toBe(200);
  });

  describe.each(SHOP_KEYS)('in the %s shop', (shop: ShopKey) => {
    it('lists the category tree with every name (overview and /api/products)', async () => {
      const expected = Object.fromEntries([
        ...HOSTILE.map((name) => [name, [name]]),
        ['Main', [...HOSTILE].sort()],
      ]);
      const overview = await call('GET', `/api/catalog/overview?shop=${shop}`);
      expect(overview.status).toBe(200);
      // JSON.parse keeps "__proto__" as an own key, so compare own entries rather than objects.
      expect(Object.entries(overview.body.categories).sort()).toEqual(Object.entries(expected).sort());
      const groups = overview.body.groups.map(
        (group: { main_category: string; rows: { category: string }[] }) => [
          group.main_category,
          group.rows.map((row) => row.category),
        ],
      );
      expect(groups.sort()).toEqual(Object.entries(expected).sort());

      const list = await call('GET', `/api/products?shop=${shop}`);
      expect(list.status).toBe(200);
      if (SHOPS[shop].listIncludesCategories) {
        expect(Object.entries(list.body.categories).sort()).toEqual(Object.entries(expected).sort());
        expect(list.body.products).toHaveLength(HOSTILE.length * 2);
      } else {
        expect(list.body).toHaveLength(HOSTILE.length * 2);
      }
    });

    it('keeps a total for every sub-category where the shop shows totals', async () => {
      const { status, body } = await call('GET', `/api/catalog/overview?shop=${shop}`);
      expect(status).toBe(200);
      if (!SHOPS[shop].showCategoryTotals) {
        expect(Object.keys(body.totals)).toEqual([]);
        return;
      }
      expect(Object.keys(body.totals).sort()).toEqual([...HOSTILE].sort());
      for (const name of HOSTILE) {
        expect(Object.getOwnPropertyDescriptor(body.totals, name)?.value).toEqual({
          typical_total: '25.00',
          current_total: '20.50',
        });
      }
    });

    it('filters, searches and suggests by those names', async () => {
      for (const name of HOSTILE) {
        const page = await call('GET', `/api/catalog?shop=${shop}&category=${encodeURIComponent(name)}`);
        expect(page.status).toBe(200);
        expect(page.body.total).toBe(2);
        const found = await call('GET', `/api/catalog?shop=${shop}&q=${encodeURIComponent(name)}`);
        expect(found.status).toBe(200);
        expect(found.body.total).toBe(2);
        const searched = await call(
          'GET',
          `/api/catalog/overview?shop=${shop}&q=${encodeURIComponent(`${name} item`)}`,
        );
        expect(searched.status).toBe(200);
        expect(Object.keys(searched.body.categories)).toContain(name);
      }
      const categories = await call('GET', `/api/categories?shop=${shop}`);
      expect(categories.status).toBe(200);
      expect(categories.body).toEqual({
        categories: [...HOSTILE].sort(),
        mainCategories: [...HOSTILE, 'Main'].sort(),
      });
    });
  });
});
