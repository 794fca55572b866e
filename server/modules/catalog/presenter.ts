/** Exactly which fields of a product leave the server. */
import {
  affiliateProductSchema,
  openboxProductSchema,
  type OpenboxProduct,
  type ProductDetail,
  type ProductSummary,
} from '../../../shared/schemas/catalog.js';
import { CONDITIONS, SHOPS, type ShopKey } from '../../../shared/shops.js';
import { centsToPrice } from '../../../shared/rules/money.js';
import type { ProductConditionRow, ProductRow } from '../../db/types.js';

type ConditionFields = Omit<
  OpenboxProduct,
  | 'kind'
  | 'id'
  | 'title'
  | 'category'
  | 'main_category'
  | 'view_count'
  | 'updated_at'
  | 'imagecount'
  | 'store'
  | 'price'
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
  | 'title'
  | 'category'
  | 'main_category'
  | 'view_count'
  | 'updated_at'
  | 'image_count'
  | 'price_cents'
  | 'typical_price_cents'
  | 'rate'
  | 'availability'
  | 'link'
  | 'store'
>;

export function presentProductSummary(
  row: ProductSummaryRow,
  conditions: readonly ProductConditionRow[] = [],
): ProductSummary {
  const base = {
    id: row.id,
    title: row.title,
    category: row.category,
    main_category: row.main_category,
    view_count: row.view_count,
    updated_at: row.updated_at,
    imagecount: row.image_count,
    price: centsToPrice(row.price_cents),
  };
  if (SHOPS[row.shop as ShopKey].hasConditions) {
    return { kind: 'openbox', ...base, store: row.store, ...conditionFields(conditions) };
  }
  return {
    kind: 'affiliate',
    ...base,
    typical_price: centsToPrice(row.typical_price_cents),
    rate: row.rate,
    availability: row.availability,
    link: row.link,
  };
}

export function presentProductDetail(
  row: ProductRow,
  conditions: readonly ProductConditionRow[] = [],
): ProductDetail {
  const summary = presentProductSummary(row, conditions);
  if (summary.kind === 'openbox') {
    return {
      ...summary,
      description: row.description,
      ebay: row.ebay,
      facebook_marketplace: row.facebook_marketplace,
      offer_up: row.offer_up,
      mercari_marketplaces: row.mercari_marketplaces,
    };
  }
  return { ...summary, description: row.description };
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
