import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/**
 * Every transaction that moves a product's stock takes the product's row first (purchases, releases,
 * revivals, the admin's edits and deletes), so the row serializes them and none waits on another in a
 * cycle: PostgreSQL would abort one of those as a deadlock.
 */
export async function lockProductOfOrder(db: Db, paymentId: string): Promise<void> {
  const order = await repo.findOrder(db, paymentId);
  if (order?.stock_reserved === 1) await repo.lockProductRow(db, order.shop, order.product_id);
}

/**
 * Gives the order's units back if it still holds them (call after lockProductOfOrder). Units that left
 * in a parcel are not on the shelf: a shipped order only lets go of its hold.
 */
export async function releaseHeldStock(db: Db, paymentId: string, at: string): Promise<void> {
  const held = await repo.clearStockReservation(db, paymentId, at);
  if (!held || held.shipped === 1) return;
  await repo.moveProductStock(db, held.shop, held.product_id, held.quantity, at);
  await repo.giveBackConditionStock(db, held);
}
