import { describe, expect, it } from 'vitest';
import { PRODUCT_FIELDS, shopHasField } from '../../../shared/productFields.js';
import { productDetailSchema, productSummarySchema } from '../../../shared/schemas/catalog.js';
import { SHOP_KEYS, SHOPS } from '../../../shared/shops.js';
import { productRow } from '../../test/fixtures.js';
import { presentProductDetail, presentProductSummary } from '../catalog/presenter.js';
import { csvColumns, productRecord } from './csv-columns.js';

describe('registry fields in the CSV and the presenters', () => {
  it("gives each shop's CSV a column for each of its fields and none for the others", () => {
    for (const key of SHOP_KEYS) {
      const columns = csvColumns(key);
      expect(new Set(columns).size).toBe(columns.length);
      for (const field of PRODUCT_FIELDS) {
        expect(columns.includes(field.name), `${key} ${field.name}`).toBe(
          shopHasField(SHOPS[key], field.name),
        );
      }
    }
  });

  it('writes every column of a row, and presents answers their schemas check', () => {
    for (const key of SHOP_KEYS) {
      const row = { ...productRow(key, 5), view_count: 0, title_folded: 'product 5', price_hidden: 0 };
      const record = productRecord(key, row, [], 'https://shop.example');
      expect(Object.keys(record)).toEqual(csvColumns(key));
      const summary = presentProductSummary(row);
      expect(productSummarySchema.parse(summary)).toEqual(summary);
      const detail = presentProductDetail(row);
      expect(productDetailSchema.parse(detail)).toEqual(detail);
      for (const field of PRODUCT_FIELDS) {
        if (field.name === 'price') continue; // derived for an open-box product, answered anyway
        expect(Object.hasOwn(detail, field.name), `${key} ${field.name}`).toBe(
          shopHasField(SHOPS[key], field.name),
        );
      }
    }
  });
});
