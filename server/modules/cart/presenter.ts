/** Exactly which fields of a cart line leave the server. */
import type { CartItem } from '../../../shared/schemas/buying.js';
import { centsToPrice } from '../../../shared/rules/money.js';
import { CONDITIONS, type Condition } from '../../../shared/shops.js';
import type { CartLineRow } from './repository.js';

export function isCondition(value: string): value is Condition {
  return (CONDITIONS as readonly string[]).includes(value);
}

export function presentCartItem(row: CartLineRow): CartItem {
  if (!isCondition(row.condition)) throw new Error(`cart line with unknown condition ${row.condition}`);
  return {
    product_id: row.product_id,
    store: row.shop,
    condition: row.condition,
    quantity: row.quantity,
    price: centsToPrice(row.price_cents ?? 0),
    title: row.title,
    available_quantity: row.available_quantity ?? 0,
    imagecount: row.image_count,
    updated_at: row.updated_at,
  };
}
