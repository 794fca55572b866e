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

/** A value a whole product's row leaves out: nothing there. */
const isUnset = (value: unknown) => value === '' || value === 0 || value === '0';

/**
 * The product's fields by their form names, open-box conditions included (a condition without a row is
 * 0 and 0, as the form shows it). `whole: true` is for a row naming a whole product (an add, a delete):
 * the description and the fields left empty or 0 are left out, so it reads as what the product was.
 */
export function productSnapshot(
  shop: ShopConfig,
  columns: object,
  conditions: readonly ConditionValues[],
  { whole = false }: { whole?: boolean } = {},
): ActivityFields {
  const fields = allFields(shop, columns, conditions);
  if (!whole) return fields;
  return Object.fromEntries(
    Object.entries(fields).filter(([name, value]) => name !== 'description' && !isUnset(value)),
  );
}

function allFields(
  shop: ShopConfig,
  columns: object,
  conditions: readonly ConditionValues[],
): ActivityFields {
  const stored = columns as Record<string, string | number>;
  const fields: ActivityFields = {};
  for (const spec of shopFields(shop)) {
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
