/** Exactly which fields of a product leave the server. */
import type { OpenboxProduct, ProductDetail, ProductSummary } from '../../../shared/schemas/catalog.js';
import { CONDITIONS, SHOPS, type ShopKey } from '../../../shared/shops.js';
import { centsToPrice } from '../../../shared/rules.js';
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

export function presentProductSummary(
  row: ProductRow,
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
