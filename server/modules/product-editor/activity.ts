/** What the activity log says of a product: its form's fields as the API speaks them (prices as "19.99"). */
import { CONDITIONS, type ShopConfig } from '../../../shared/shops.js';
import { centsToPrice } from '../../../shared/rules/money.js';
import { present, shopFields } from '../../../shared/productFields.js';
import type { ActivityFields } from '../../../shared/schemas/activity.js';

interface ConditionValues {
  condition: string;
  price_cents: number;
  available_quantity: number;
}

/**
 * The product's fields by their form names, open-box conditions included (a condition without a row is
 * 0 and 0, as the form shows it). `description: false` leaves the description out (adds and deletes).
 */
export function productSnapshot(
  shop: ShopConfig,
  columns: object,
  conditions: readonly ConditionValues[],
  { description = true }: { description?: boolean } = {},
): ActivityFields {
  const stored = columns as Record<string, string | number>;
  const fields: ActivityFields = {};
  for (const spec of shopFields(shop)) {
    if (spec.name === 'description' && !description) continue;
    const value = stored[spec.column];
    if (value !== undefined) fields[spec.name] = present(spec, value);
  }
  if (shop.sells === 'on-site') {
    for (const condition of CONDITIONS) {
      const row = conditions.find((c) => c.condition === condition);
      fields[`${condition}_condition_price`] = centsToPrice(row?.price_cents ?? 0);
      fields[`${condition}_condition_available_quantity`] = row?.available_quantity ?? 0;
    }
  }
  return fields;
}

export const productTarget = (shopKey: string, id: number) => `product ${shopKey}/${id}`;
