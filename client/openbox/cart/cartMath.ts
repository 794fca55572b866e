/**
 * Pure cart rules of docs/product.md §3–§5 and §9 for the screens. No value import from shared/schemas: this file
 * is in the shop bundle (the header badge), which must not carry zod's schemas.
 */
import { productPreviewUrl } from '../../../shared/rules/images.js';
import { centsToPrice, formatDollars, priceToCents } from '../../../shared/rules/money.js';
import type { CartItem } from '../../../shared/schemas/buying.js';
import { SHOP_KEYS, SHOPS, type ShopKey } from '../../../shared/shops.js';

type LineKey = Pick<CartItem, 'product_id' | 'store' | 'condition'>;

export function sameLine(a: LineKey, b: LineKey): boolean {
  return a.product_id === b.product_id && a.store === b.store && a.condition === b.condition;
}

export function lineId(line: LineKey): string {
  return `${line.store}:${line.product_id}:${line.condition}`;
}

/** The cart after a successful quantity edit (docs/product.md §4: updated locally). */
export function withLineQuantity(items: readonly CartItem[], line: LineKey, quantity: number): CartItem[] {
  return items.map((item) => (sameLine(item, line) ? { ...item, quantity } : item));
}

/** How many units the cart holds: the header badge's number. */
export function cartUnitCount(items: readonly CartItem[] | undefined): number {
  return (items ?? []).reduce((sum, item) => sum + Math.max(0, item.quantity), 0);
}

function lineCents(item: Pick<CartItem, 'price' | 'quantity'>): number {
  return (priceToCents(item.price) ?? 0) * item.quantity;
}

/** "$39.98": one line's price × quantity, in whole cents so 0.1 + 0.2 never shows as 0.30000000000000004. */
export function lineTotal(item: Pick<CartItem, 'price' | 'quantity'>): string {
  return formatDollars(centsToPrice(lineCents(item)));
}

/** The cart's total cost with two decimals (docs/product.md §2, §9). */
export function cartTotal(items: readonly Pick<CartItem, 'price' | 'quantity'>[]): string {
  return formatDollars(centsToPrice(items.reduce((sum, item) => sum + lineCents(item), 0)));
}

/**
 * The cart quantity input (docs/product.md §5): a whole number from 1 up to `max`; anything else (below 1, empty
 * while typing, decimals, too many) is ignored and answers null.
 */
export function parseQuantityInput(text: string, max: number): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= max ? quantity : null;
}

export function storeOf(item: Pick<CartItem, 'store'>): ShopKey | undefined {
  return SHOP_KEYS.find((key) => key === item.store);
}

/** The line's shop for a call about it; a shop the registry no longer has cannot be asked about. */
export function knownStore(item: Pick<CartItem, 'store'>): ShopKey {
  const store = storeOf(item);
  if (!store) throw new Error(`The shop "${item.store}" of this cart line no longer exists.`);
  return store;
}

/** The product's preview image (docs/product.md §3), versioned by updated_at so an edited picture is not stale. */
export function cartImageUrl(
  item: Pick<CartItem, 'store' | 'product_id' | 'updated_at' | 'imagecount'>,
): string | null {
  const store = storeOf(item);
  return store ? productPreviewUrl(SHOPS[store].imageFolder, item) : null;
}
