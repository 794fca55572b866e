import { describe, expect, it } from 'vitest';
import {
  formDefault,
  jsonLdOfferFields,
  modalLines,
  PRODUCT_FIELDS,
  requestDefault,
  shopFields,
  shopHasField,
  SUMMARY_FIELD_COLUMNS,
  unsetColumns,
} from './productFields.js';
import { adminProductBodySchema } from './schemas/admin.js';
import { affiliateProductSchema, openboxProductSchema, productDetailSchema } from './schemas/catalog.js';
import { SHOP_SELLING, SHOPS, type ShopSelling } from './shops.js';

const PRODUCT_KIND: Record<ShopSelling, 'affiliate' | 'openbox'> = {
  'links-out': 'affiliate',
  'on-site': 'openbox',
};
const SUMMARY = { 'links-out': affiliateProductSchema, 'on-site': openboxProductSchema };
const detailSchema = (selling: ShopSelling) =>
  productDetailSchema.options.find((option) => option.shape.kind.value === PRODUCT_KIND[selling])!;
const has = (selling: ShopSelling, shops: string) => shops === 'all' || shops === selling;

describe('the product-field registry', () => {
  it('names every field and column once', () => {
    const names = PRODUCT_FIELDS.map((f) => f.name);
    const columns = PRODUCT_FIELDS.map((f) => f.column);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('puts every field in the admin body, with its default', () => {
    const body = adminProductBodySchema.parse({ title: 't', main_category: 'm', category: 'c' });
    for (const field of PRODUCT_FIELDS) {
      expect(Object.keys(adminProductBodySchema.shape), field.name).toContain(field.name);
      if (field.type.kind !== 'name') expect(body[field.name], field.name).toBe(requestDefault(field));
    }
  });

  it("puts a field in the responses of its shops' products only, where it is shown", () => {
    for (const selling of SHOP_SELLING) {
      const summaryKeys = Object.keys(SUMMARY[selling].shape);
      const detailKeys = Object.keys(detailSchema(selling).shape);
      for (const field of PRODUCT_FIELDS) {
        const mine = has(selling, field.shops);
        expect(detailKeys.includes(field.name), `${selling} detail ${field.name}`).toBe(
          mine || field.name === 'price',
        );
        if (field.name === 'price') continue; // an open-box product's price is derived, still answered
        expect(summaryKeys.includes(field.name), `${selling} summary ${field.name}`).toBe(
          mine && field.shown === 'summary',
        );
      }
    }
  });

  it('lists every summary field column for the lists to read', () => {
    const summaryFields = PRODUCT_FIELDS.filter((f) => f.shown === 'summary');
    expect([...SUMMARY_FIELD_COLUMNS].sort()).toEqual(summaryFields.map((f) => f.column).sort());
  });

  it('gives each shop the fields of how it sells', () => {
    for (const shop of Object.values(SHOPS)) {
      const names = shopFields(shop).map((f) => f.name);
      for (const field of PRODUCT_FIELDS) {
        expect(names.includes(field.name), `${shop.key} ${field.name}`).toBe(has(shop.sells, field.shops));
        expect(shopHasField(shop, field.name)).toBe(has(shop.sells, field.shops));
      }
    }
  });

  it('starts a stored row and a form at values the request schema accepts', () => {
    const columns = unsetColumns() as Record<string, unknown>;
    for (const field of PRODUCT_FIELDS) {
      expect(Object.hasOwn(columns, field.column), field.column).toBe(true);
      if (field.type.kind === 'name') continue;
      const parsed = adminProductBodySchema.shape[field.name].safeParse(formDefault(field));
      expect(parsed.success, field.name).toBe(true);
    }
  });

  it('shows modal lines and JSON-LD only for fields the shop has', () => {
    const affiliate = { kind: 'affiliate', title: 'x' };
    expect(modalLines(SHOPS.pc, affiliate)).toEqual([]);
    expect(jsonLdOfferFields(SHOPS.pc, affiliate)).toEqual({});
  });
});
