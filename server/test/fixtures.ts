/** Small, explicit catalogues for tests, written through the real repository; fields a test does not name are unset. */
import type { Kysely } from 'kysely';
import { unsetColumns } from '../../shared/productFields.js';
import type { ShopKey } from '../../shared/shops.js';
import type { Database, NewProductRow } from '../db/types.js';
import { insertProduct } from '../modules/catalog/index.js';
import { type ConditionInput, writeConditions } from '../modules/stock/index.js';

let clock = Date.UTC(2026, 5, 1);

export function productRow(shop: ShopKey, id: number, overrides: Partial<NewProductRow> = {}): NewProductRow {
  clock += 60_000;
  const at = new Date(clock).toISOString();
  return {
    ...unsetColumns(),
    shop,
    id,
    title: `Product ${id}`,
    main_category: 'Main',
    category: 'Sub',
    price_cents: 1000,
    typical_price_cents: 0,
    rate: 3,
    availability: 'YES',
    link: `https://retailer.example/p/${id}`,
    description: `<p>About product ${id}</p>`,
    view_count: 0,
    image_count: 1,
    stock_quantity: 0,
    price_hidden: 0,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export async function addProduct(
  db: Kysely<Database>,
  shop: ShopKey,
  id: number,
  overrides: Partial<NewProductRow> = {},
  conditions: ConditionInput[] = [],
): Promise<void> {
  await insertProduct(db, productRow(shop, id, overrides));
  // Open box: the stock module writes the conditions and derives the product's price and stock.
  await writeConditions(
    db,
    shop,
    conditions.map((condition) => ({ ...condition, product_id: id })),
  );
}

/** Four conditions, in docs/product.md order, from [price in cents, quantity] pairs. */
export function conditions(...pairs: [number, number][]): ConditionInput[] {
  const names = ['acceptable', 'good', 'verygood', 'excellent'];
  return pairs.map(([price_cents, available_quantity], i) => ({
    condition: names[i]!,
    price_cents,
    available_quantity,
  }));
}

/** A buyer's shipping details that every field of the checkout form accepts. */
export const SHIPPING = {
  email: 'buyer@example.com',
  address: '1 Main Street',
  postal_code: '12345',
  city: 'Springfield',
  state_prov: 'IL',
  contact_name: 'Alice Buyer',
  phone: '555-0100',
};
