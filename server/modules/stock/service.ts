/**
 * The one owner of stock: the only code that changes product conditions, order reservations and the
 * open box's derived price and stock columns, and the one lock order they are changed in (README.md).
 */
import type { RawBuilder } from 'kysely';
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

/**
 * Gives the order's units back if it still holds them (call after lockProductOfOrder). Units that left
 * in a parcel are not on the shelf: a shipped order only lets go of its hold.
 */
export async function releaseReservation(db: Db, paymentId: string, at: string): Promise<void> {
  const held = await repo.clearReservation(db, paymentId, at);
  if (!held || held.shipped === 1) return;
  await repo.giveBackConditionUnits(db, held);
  await repo.writeDerivedColumnsOf(db, held.shop, held.product_id, at);
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
