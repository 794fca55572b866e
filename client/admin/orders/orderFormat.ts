/** How the admin orders page (docs/product.md §2) words and dates an order's fields. */
import type { AdminOrder } from '../../../shared/schemas/buying.js';
import {
  conditionLabel as sharedConditionLabel,
  NAV_ORDER,
  SHOPS,
  SHOP_KEYS,
  type ShopConfig,
  type ShopKey,
} from '../../../shared/shops.js';

/** What an empty field shows (docs/product.md §2: "dash if empty"). */
export const EMPTY_FIELD = '-';

export function dashIfEmpty(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? EMPTY_FIELD : text;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * YYYY-MM-DD in the admin's own time zone: an order placed late in the evening is listed under the
 * day the seller saw it arrive, not the next UTC day.
 */
export function formatOrderDate(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return EMPTY_FIELD;
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

function isShopKey(value: string): value is ShopKey {
  return (SHOP_KEYS as readonly string[]).includes(value);
}

/** The registry entry of the shop an order was bought in; undefined for a store no longer listed. */
export function orderShop(order: Pick<AdminOrder, 'store'>): ShopConfig | undefined {
  return isShopKey(order.store) ? SHOPS[order.store] : undefined;
}

/** "Very Good" for "verygood" (the shared registry's label); an unknown condition as stored, a dash for none. */
export function conditionLabel(condition: string): string {
  return dashIfEmpty(sharedConditionLabel(condition));
}

/** Where 'Back to Admin Panel' goes: the admin of the shop that sells on site (docs/product.md §2: /ayzadmin). */
export function ordersAdminRoute(): string {
  const selling = NAV_ORDER.map((key) => SHOPS[key]).find((shop) => shop.sells === 'on-site');
  return selling?.adminRoute ?? SHOPS.ayz.adminRoute;
}
