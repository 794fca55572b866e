import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPS, SHOP_KEYS } from '../../shared/shops.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { seedDemoCatalogue } from './seed.js';

describe('demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    expect(await seedDemoCatalogue(t.handle.db, t.config.imagesDir)).toBe(true);
  }, 60_000);
  afterAll(() => t.close());

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
