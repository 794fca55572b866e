import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceDate } from '../../shared/rules/money.js';
import { SHOPS, SHOP_KEYS, type ShopSelling } from '../../shared/shops.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../test/harness.js';
import { seedDemoCatalogue } from './seed.js';

/** A day far from today, so a date taken from the real clock instead of the seed's cannot pass. */
const SEEDED_AT = new Date('2031-03-15T09:30:00.000Z');
const DAY_MS = 86_400_000;
/** How old a seeded product's date ('Price as of' in an affiliate modal) may be on the day it is seeded. */
const RECENT_DAYS = 7;

/**
 * What a description must not mention, by how its shop sells: the Open Box Store has no retailer and
 * promises no returns or delivery times; an affiliate shop has no seller, cart or conditions of its own.
 */
const NOT_IN_THE_SHOP: Record<ShopSelling, RegExp> = {
  'on-site': /retailer|\breturns?\b|ships in|delivery/i,
  'links-out': /seller|\bcart\b|open-box|condition/i,
};

interface Listed {
  id: number;
  updated_at: string;
}

describe.each(TEST_DIALECTS)('demo catalogue (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    expect(await seedDemoCatalogue(t.handle.db, t.config.imagesDir, SEEDED_AT)).toBe(true);
  }, 60_000);
  afterAll(() => t.close());

  const listed = async (shop: string): Promise<Listed[]> => {
    const list = (await t.app.inject(`/api/products?shop=${shop}`)).json();
    return Array.isArray(list) ? list : list.products;
  };

  it('writes descriptions that are true of their shop: no retailer in the Open Box Store', async () => {
    for (const shop of SHOP_KEYS) {
      for (const { id } of await listed(shop)) {
        const product = (await t.app.inject(`/api/products/${id}?shop=${shop}`)).json();
        const text = `${product.title} ${product.description}`;
        expect(text, `${shop} ${id}`).not.toMatch(NOT_IN_THE_SHOP[SHOPS[shop].sells]);
      }
    }
  });

  it(`dates every product within ${RECENT_DAYS} days before the day it is seeded`, async () => {
    const earliest = SEEDED_AT.getTime() - RECENT_DAYS * DAY_MS;
    for (const shop of SHOP_KEYS) {
      const products = await listed(shop);
      expect(products.length, shop).toBeGreaterThan(0);
      for (const product of products) {
        const at = new Date(product.updated_at).getTime();
        expect(at, `${shop} ${product.id} ${product.updated_at}`).toBeGreaterThanOrEqual(earliest);
        expect(at, `${shop} ${product.id} ${product.updated_at}`).toBeLessThanOrEqual(SEEDED_AT.getTime());
      }
    }
    // What an affiliate modal shows: 'Price as of' one of the days before the seed ran.
    const shown = new Set((await listed('default')).map((product) => priceDate(product.updated_at)));
    expect(
      [...shown].every((day) => day! >= '2031-03-08' && day! <= '2031-03-15'),
      [...shown].join(),
    ).toBe(true);
  });

  it('seeds every shop with at least 3 main and 8 sub-categories and 40 products', async () => {
    for (const shop of SHOP_KEYS) {
      const list = (await t.app.inject(`/api/products?shop=${shop}`)).json();
      const products = Array.isArray(list) ? list : list.products;
      const tree: Record<string, string[]> = (await t.app.inject(`/api/catalog/overview?shop=${shop}`)).json()
        .categories;
      expect(products.length, shop).toBeGreaterThanOrEqual(40);
      expect(Object.keys(tree).length, shop).toBeGreaterThanOrEqual(3);
      expect(Object.values(tree).flat().length, shop).toBeGreaterThanOrEqual(8);
    }
  });

  it('has out-of-stock items, typical prices, and open-box items with one, several and no stock', async () => {
    const referrals = (await t.app.inject('/api/products')).json();
    expect(referrals.some((p: { availability: string }) => p.availability === 'NO')).toBe(true);
    expect(referrals.some((p: { typical_price: string }) => Number(p.typical_price) > 0)).toBe(true);
    const openbox = (await t.app.inject('/api/catalog?shop=ayz&pageSize=100')).json().items;
    const totals = openbox.map(
      (p: Record<string, number>) =>
        p.acceptable_condition_available_quantity! +
        p.good_condition_available_quantity! +
        p.verygood_condition_available_quantity! +
        p.excellent_condition_available_quantity!,
    );
    expect(totals).toContain(1);
    expect(totals).toContain(0);
    expect(totals.some((n: number) => n > 1)).toBe(true);
  });

  it('writes real .webp images and previews for every product', async () => {
    for (const shop of SHOP_KEYS) {
      const list = (await t.app.inject(`/api/products?shop=${shop}`)).json();
      const first = (Array.isArray(list) ? list : list.products)[0];
      const dir = path.join(t.config.imagesDir, SHOPS[shop].imageFolder, String(first.id));
      for (let n = 1; n <= first.imagecount; n += 1)
        expect(fs.existsSync(path.join(dir, `${n}.webp`))).toBe(true);
      const preview = await sharp(path.join(dir, 'preview', '1.webp')).metadata();
      expect(preview).toMatchObject({ format: 'webp', width: 400, height: 400 });
    }
    const served = await t.app.inject('/images/PCProducts/1/preview/1.webp');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/max-age=3600/);
  });

  it('does not seed a database that already has products', async () => {
    expect(await seedDemoCatalogue(t.handle.db, t.config.imagesDir)).toBe(false);
  });
});
