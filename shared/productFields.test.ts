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

describe('warranty_months, an open-box field', () => {
  it('is a whole number of months from 0 to 60, 0 when not given', () => {
    const field = adminProductBodySchema.shape.warranty_months;
    expect(field.parse(undefined)).toBe(0);
    expect(field.parse('24')).toBe(24);
    expect(field.parse(60)).toBe(60);
    for (const bad of [61, -1, 'abc', 1.5, '', null])
      expect(field.safeParse(bad).success, String(bad)).toBe(false);
  });

  it("reads 'Warranty: N months' or 'No warranty' in the open-box modal, and nothing in the others", () => {
    const openBox = (months: number) => ({ kind: 'openbox', warranty_months: months });
    expect(modalLines(SHOPS.ayz, openBox(12))).toEqual(['Warranty: 12 months']);
    expect(modalLines(SHOPS.ayz, openBox(1))).toEqual(['Warranty: 1 month']);
    expect(modalLines(SHOPS.ayz, openBox(0))).toEqual(['No warranty']);
    expect(modalLines(SHOPS.pc, openBox(12))).toEqual([]);
  });

  it('adds a schema.org WarrantyPromise in months to open-box offers when there is a warranty', () => {
    expect(jsonLdOfferFields(SHOPS.ayz, { warranty_months: 6 })).toEqual({
      warranty: {
        '@type': 'WarrantyPromise',
        durationOfWarranty: { '@type': 'QuantitativeValue', value: 6, unitCode: 'MON' },
      },
    });
    expect(jsonLdOfferFields(SHOPS.ayz, { warranty_months: 0 })).toEqual({});
    expect(jsonLdOfferFields(SHOPS.smart, { warranty_months: 6 })).toEqual({});
  });
});
