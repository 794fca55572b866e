import { describe, expect, it } from 'vitest';
import { shopHasField } from './productFields.js';
import {
  CONDITION_INFO,
  conditionLabel,
  CONDITIONS,
  conditionWithEmoji,
  MARKETPLACES,
  NAV_ORDER,
  SHOP_KEYS,
  SHOP_SELLING,
  SHOPS,
  type ShopConfig,
} from './shops.js';

const shops: ShopConfig[] = SHOP_KEYS.map((key) => SHOPS[key]);

function expectUnique(values: readonly string[]) {
  expect(new Set(values).size).toBe(values.length);
}

describe('the shop registry', () => {
  it('files every shop under its own key', () => {
    for (const key of SHOP_KEYS) expect(SHOPS[key].key).toBe(key);
    expect(Object.keys(SHOPS).sort()).toEqual([...SHOP_KEYS].sort());
    expect([...NAV_ORDER].sort()).toEqual([...SHOP_KEYS].sort());
  });

  it('gives every shop its own route, admin route, image folder, edit path segment and names', () => {
    expectUnique(shops.map((shop) => shop.route));
    expectUnique(shops.map((shop) => shop.adminRoute));
    expectUnique(shops.map((shop) => shop.imageFolder));
    expectUnique(shops.map((shop) => shop.editPathSegment));
    expectUnique(shops.map((shop) => shop.name));
    expectUnique(shops.map((shop) => shop.adminNavLabel));
    // No shop's page is another's admin page.
    expect(new Set([...shops.map((s) => s.route), ...shops.map((s) => s.adminRoute)]).size).toBe(
      shops.length * 2,
    );
  });

  it('keeps routes absolute and image folders plain folder names', () => {
    for (const shop of shops) {
      expect(shop.route).toMatch(/^\/[a-z]*$/);
      expect(shop.adminRoute).toMatch(/^\/[a-z]+$/);
      expect(shop.imageFolder).toMatch(/^[A-Za-z]+$/);
    }
  });

  it('offers only sort modes the shop can sort by, and defaults to one it has', () => {
    for (const shop of shops) {
      if (shop.sorts.includes('rating')) expect(shop.hasRating).toBe(true);
      if (shop.defaultSort === 'stock') expect(shop.sells).toBe('on-site');
      expect(shop.defaultSort === 'stock' || shop.defaultSort === 'title').toBe(true);
    }
  });

  it('keeps SEO descriptions within what search engines show', () => {
    for (const shop of shops) expect(shop.seoDescription.length).toBeLessThanOrEqual(160);
  });
});

describe('how a shop sells', () => {
  it('is one of the known ways, and both are in use', () => {
    for (const shop of shops) expect(SHOP_SELLING).toContain(shop.sells);
    expect(new Set(shops.map((shop) => shop.sells))).toEqual(new Set(SHOP_SELLING));
  });

  it('agrees with the fields its products have (shared/productFields.ts)', () => {
    for (const shop of shops) {
      expect(shopHasField(shop, 'rate'), shop.key).toBe(shop.hasRating);
      expect(shopHasField(shop, 'availability'), shop.key).toBe(shop.hasAvailability);
      expect(shopHasField(shop, 'link'), shop.key).toBe(shop.hasLink);
      for (const { field } of MARKETPLACES) {
        expect(shopHasField(shop, field), `${shop.key} ${field}`).toBe(shop.sells === 'on-site');
      }
    }
  });

  it('dates prices only where they are copied from a retailer', () => {
    for (const shop of shops) if (shop.showsPriceDate) expect(shop.sells).toBe('links-out');
  });
});

describe('the condition registry', () => {
  it('names every condition with a label of its own, never its stored key', () => {
    for (const condition of CONDITIONS) {
      expect(conditionLabel(condition)).toBe(CONDITION_INFO[condition].label);
      expect(conditionLabel(condition)).not.toBe(condition);
      expect(conditionWithEmoji(condition)).toBe(
        `${CONDITION_INFO[condition].emoji} ${CONDITION_INFO[condition].label}`,
      );
    }
    expectUnique(CONDITIONS.map(conditionLabel));
    expect(conditionLabel('verygood')).toBe('Very Good');
  });

  it('shows a key it does not know as stored, and no inherited name', () => {
    expect(conditionLabel('mint')).toBe('mint');
    expect(conditionLabel('toString')).toBe('toString');
    expect(conditionWithEmoji('constructor')).toBe('constructor');
  });
});
