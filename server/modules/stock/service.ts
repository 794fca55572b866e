/**
 * The one owner of stock: the only code that changes product conditions, order reservations and the
 * open box's derived price and stock columns, and the one lock order they are changed in (README.md).
 */
import type { RawBuilder } from 'kysely';
import { isPricedCents } from '../../../shared/rules/offers.js';
import * as repo from './repository.js';

type Db = repo.Db;

const noPause = async () => {};

/** Takes the products' rows, in id order, before anything else changes (see repo.lockProductRows). */
export function lockProducts(
  db: Db,
  shop: string,
  ids: repo.ProductIds,
  options: { forDelete?: boolean } = {},
): Promise<number[]> {
  return repo.lockProductRows(db, shop, ids, options);
}

/** Takes the row of the product an order holds units of (nothing when it holds none): before the order's row. */
export async function lockProductOfOrder(db: Db, paymentId: string): Promise<void> {
  const order = await repo.findReservation(db, paymentId);
  if (order?.stock_reserved === 1) await lockProducts(db, order.shop, [order.product_id]);
}

/**
 * Takes the rows of every product the orders of one payment hold units of (an order's reference, or a
 * "Checkout all" group's, grp_…), in id order, before those orders' rows: the lock order of a release.
 */
export async function lockProductsOfPayment(db: Db, paymentRef: string): Promise<void> {
  const held = await repo.findReservationsOfPayment(db, paymentRef);
  const byShop = new Map<string, number[]>();
  for (const row of held) byShop.set(row.shop, [...(byShop.get(row.shop) ?? []), row.product_id]);
  for (const shop of [...byShop.keys()].sort()) await lockProducts(db, shop, byShop.get(shop)!);
}

export type TakenUnits = { title: string; unitCents: number };

/**
 * Takes a purchase's units (the product row first): `'no such product'`, `'not enough'` (too few units,
 * or, unless `forSale` is false, no price), or the product's title and the unit price they were taken
 * at, with its derived columns written again and its version moved on (an admin's form opened before
 * is then refused instead of bringing the units back).
 */
export async function takeUnits(
  db: Db,
  line: repo.StockLine,
  at: string,
  { forSale = true }: { forSale?: boolean } = {},
): Promise<TakenUnits | 'no such product' | 'not enough'> {
  if ((await lockProducts(db, line.shop, [line.product_id])).length === 0) return 'no such product';
  const unitCents = await repo.takeConditionUnits(db, line, forSale);
  if (unitCents === undefined) return 'not enough';
  const title = await repo.writeDerivedColumnsOf(db, line.shop, line.product_id, at);
  return { title: title!, unitCents };
}

/** Why a line of a multi-line purchase could not be taken; `index` is its place in the list given. */
export type ShortLine = {
  index: number;
  reason: 'no such product' | 'no price' | 'not enough';
  /** Units of the condition there now (0 when it has none). */
  available: number;
};

/**
 * Takes the units of several lines of one shop (a "Checkout all"): every product row first, all at once
 * in id order (the lock order), then each line's conditional decrement. Answers the title and unit price
 * of each line, or the first line that could not be taken; the caller rolls its transaction back then,
 * so the units already taken go back with it.
 */
export async function takeUnitsOfLines(
  db: Db,
  shop: string,
  lines: readonly Omit<repo.StockLine, 'shop'>[],
  at: string,
): Promise<TakenUnits[] | ShortLine> {
  const found = new Set(
    await lockProducts(
      db,
      shop,
      lines.map((line) => line.product_id),
    ),
  );
  const taken: TakenUnits[] = [];
  for (const [index, line] of lines.entries()) {
    if (!found.has(line.product_id)) return { index, reason: 'no such product', available: 0 };
    const stockLine = { ...line, shop };
    const unitCents = await repo.takeConditionUnits(db, stockLine, true);
    if (unitCents === undefined) {
      const now = await repo.findConditionStock(db, stockLine);
      const priced = isPricedCents(now?.price_cents ?? 0);
      return { index, reason: priced ? 'not enough' : 'no price', available: now?.available_quantity ?? 0 };
    }
    const title = await repo.writeDerivedColumnsOf(db, shop, line.product_id, at);
    taken.push({ title: title!, unitCents });
  }
  return taken;
}

/**
 * What happens to a released order's units: `unless-shipped` (the default: units that left in a parcel
 * are not on the shelf), `always` (a refund with the parcel back: on sale again even when shipped), or
 * `never` (a refund without restock: the hold ends and the units stay gone).
 */
export type RestockMode = 'unless-shipped' | 'always' | 'never';

/**
 * Gives the order's units back if it still holds them (call after lockProductOfOrder or
 * lockProductsOfPayment), as `restock` says; the hold ends exactly once whatever it says.
 */
export async function releaseReservation(
  db: Db,
  paymentId: string,
  at: string,
  restock: RestockMode = 'unless-shipped',
): Promise<void> {
  const held = await repo.clearReservation(db, paymentId, at);
  if (!held || restock === 'never') return;
  if (restock === 'unless-shipped' && held.shipped === 1) return;
  await repo.giveBackConditionUnits(db, held);
  await repo.writeDerivedColumnsOf(db, held.shop, held.product_id, at);
}

/**
 * Returned units back on sale (issue 28): the product's row first (the lock order), then `quantity`
 * units added to `condition` (the condition added without a price when the product has none of it),
 * then its derived columns and version. 'no such product' when the product is gone: nothing written.
 */
export async function restockUnits(
  db: Db,
  line: repo.StockLine,
  at: string,
): Promise<'restocked' | 'no such product'> {
  if ((await lockProducts(db, line.shop, [line.product_id])).length === 0) return 'no such product';
  await repo.addConditionUnits(db, line);
  await repo.writeDerivedColumnsOf(db, line.shop, line.product_id, at);
  return 'restocked';
}

/**
 * Orders of deleted products stop holding units (call in the deleting transaction): an id may be
 * handed to a new product, which a later release would otherwise fill with stock it never had.
 */
export async function dropReservations(
  db: Db,
  shop: string,
  ids: readonly number[],
  at: string,
): Promise<void> {
  await repo.dropReservations(db, shop, ids, at);
}

/**
 * Writes conditions of products whose rows this transaction holds (a new product's, or ones taken with
 * lockProducts), then their derived columns. A missing condition is added; an existing one takes the
 * new price and, unless `quantities` is false, the new quantity (an import row without its product's
 * version never sets stock, so a sale since the file was read cannot be undone). The caller moves the
 * products' versions on in its own write of them.
 */
export async function writeConditions(
  db: Db,
  shop: string,
  rows: readonly repo.ConditionWrite[],
  { quantities = true, pause = noPause }: { quantities?: boolean; pause?: () => Promise<void> } = {},
): Promise<void> {
  if (rows.length === 0) return;
  await repo.upsertConditions(db, shop, rows, quantities, pause);
  const ids = [...new Set(rows.map((row) => row.product_id))];
  await repo.writeDerivedColumns(db, shop, ids, undefined, pause);
}

/**
 * A bulk price change of open-box products: their rows taken, every positive condition price becomes
 * `priceOf(its price)`, then each product's derived columns and version. Answers how many products it
 * changed.
 */
export async function changeConditionPrices(
  db: Db,
  shop: string,
  ids: repo.ProductIds,
  priceOf: (current: RawBuilder<unknown>) => RawBuilder<number>,
  at: string,
): Promise<number> {
  await lockProducts(db, shop, ids);
  await repo.changeConditionPrices(db, shop, ids, priceOf);
  return repo.writeDerivedColumns(db, shop, ids, at);
}
