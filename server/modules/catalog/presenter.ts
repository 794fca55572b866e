/** Exactly which fields of a product leave the server. */
import {
  type AffiliateProduct,
  affiliateProductSchema,
  openboxProductSchema,
  type OpenboxProduct,
  type ProductDetail,
  type ProductSummary,
} from '../../../shared/schemas/catalog.js';
import {
  type FieldShown,
  type FieldsShownFor,
  fieldsShownFor,
  present,
  type ProductFieldColumns,
} from '../../../shared/productFields.js';
import { type Condition, CONDITIONS, SHOPS, type ShopKey, type ShopSelling } from '../../../shared/shops.js';
import { centsToPrice } from '../../../shared/rules/money.js';
import type { ProductConditionRow, ProductRow } from '../../db/types.js';

type ConditionFields = Pick<
  OpenboxProduct,
  `${Condition}_condition_price` | `${Condition}_condition_available_quantity`
>;

function conditionFields(conditions: readonly ProductConditionRow[]): ConditionFields {
  const fields: Record<string, string | number> = {};
  for (const condition of CONDITIONS) {
    const row = conditions.find((c) => c.condition === condition);
    fields[`${condition}_condition_price`] = centsToPrice(row?.price_cents ?? 0);
    fields[`${condition}_condition_available_quantity`] = row?.available_quantity ?? 0;
  }
  return fields as ConditionFields;
}

/** The columns a summary is made of (the full list reads only these). */
export type ProductSummaryRow = Pick<
  ProductRow,
  | 'shop'
  | 'id'
  | 'view_count'
  | 'updated_at'
  | 'image_count'
  | 'price_cents'
  | 'price_hidden'
  | FieldsShownFor<ShopSelling, 'summary'>['column']
>;

/** The registry fields (shared/productFields.ts) a product of this selling kind shows `where`, as the response carries them. */
function presentFields(
  selling: ShopSelling,
  where: FieldShown,
  row: Partial<ProductFieldColumns>,
): Record<string, string | number> {
  const values = row as Record<string, string | number>;
  return Object.fromEntries(
    fieldsShownFor(selling, where).map((field) => [field.name, present(field, values[field.column]!)]),
  );
}

// The casts below rest on the registry: presentFields answers exactly the fields the schema derives
// for the same selling kind and place (productFields.test.ts checks each answer against its schema).
export function presentProductSummary(
  row: ProductSummaryRow,
  conditions: readonly ProductConditionRow[] = [],
): ProductSummary {
  const base = {
    id: row.id,
    view_count: row.view_count,
    updated_at: row.updated_at,
    imagecount: row.image_count,
  };
  const { sells } = SHOPS[row.shop as ShopKey];
  const fields = presentFields(sells, 'summary', row);
  if (sells === 'on-site') {
    return {
      kind: 'openbox',
      ...base,
      ...fields,
      price: centsToPrice(row.price_cents),
      ...conditionFields(conditions),
    } as OpenboxProduct;
  }
  // Issue 29: the price source's judgement (price-sources/refresh.ts); absent while the price may show.
  const stale = row.price_hidden === 1 ? { price_stale: true as const } : {};
  return { kind: 'affiliate', ...base, ...fields, ...stale } as AffiliateProduct;
}

export function presentProductDetail(
  row: ProductRow,
  conditions: readonly ProductConditionRow[] = [],
): ProductDetail {
  const summary = presentProductSummary(row, conditions);
  const { sells } = SHOPS[row.shop as ShopKey];
  return { ...summary, ...presentFields(sells, 'detail', row) } as ProductDetail;
}

/** Groups condition rows by product for presenting a list. */
export function conditionsByProduct(
  rows: readonly ProductConditionRow[],
): Map<number, ProductConditionRow[]> {
  const byProduct = new Map<number, ProductConditionRow[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(row);
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** Each kind of summary's fields in the order its schema writes them (zod builds its output in shape order). */
const SUMMARY_FIELDS: Record<ProductSummary['kind'], readonly string[]> = {
  affiliate: Object.keys(affiliateProductSchema.shape),
  openbox: Object.keys(openboxProductSchema.shape),
};

/**
 * A summary as the exact JSON text the response schema serializes it to (same fields, same order), for
 * the full list: encoding 130,000 summaries through zod (interpreted, jitless) took about 10 s of the
 * event loop, and the presenter's types already guarantee the shapes it would check.
 */
export function productSummaryJson(summary: ProductSummary): string {
  const fields = summary as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const field of SUMMARY_FIELDS[summary.kind]) ordered[field] = fields[field];
  return JSON.stringify(ordered);
}
