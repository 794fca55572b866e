import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import {
  isMoneyArriving,
  paymentStatusPredecessors,
  releasesStock,
} from '../../../shared/rules/payment-status.js';
import type { Database, OrderRow } from '../../db/types.js';
import { OrderChanged } from './lookup.js';
import * as stock from '../stock/index.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/** Moves the status if `from` allows it, releasing the units when the new status gives them up. */
export async function moveStatus(
  db: Db,
  paymentId: string,
  to: PaymentStatus,
  from: readonly PaymentStatus[],
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (releasesStock(to)) await stock.lockProductOfOrder(trx, paymentId);
    // An order that failed or expired takes no more money, so its Pay Now link goes.
    const unpayable = to === 'failed' || to === 'expired';
    const changed = await repo.advanceStatus(trx, paymentId, to, from, at, unpayable);
    if (changed && releasesStock(to)) await stock.releaseReservation(trx, paymentId, at);
    return changed;
  });
}

/**
 * The one place an order's payment status changes (the sandbox's Pay comes here, verified callbacks
 * through applyProviderStatus). Statuses only move forward; failed, expired and refunded give the units
 * back, exactly once. Returns whether anything changed.
 */
export async function applyPaymentStatus(
  db: Db,
  paymentId: string,
  status: PaymentStatus,
  now = new Date(),
): Promise<boolean> {
  return moveStatus(db, paymentId, status, paymentStatusPredecessors(status), now.toISOString());
}

/**
 * A status the payment provider reported in a verified callback. As applyPaymentStatus, and one more
 * case: money arriving for an order the sweep expired (the provider's invoice outlives our hold). The
 * buyer paid, so the order comes back: holding its units again if they are still there, else flagged
 * needs_attention for the seller to restock or refund, and logged as an error.
 */
export async function applyProviderStatus(
  db: Db,
  paymentId: string,
  status: PaymentStatus,
  now: Date,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<boolean> {
  const at = now.toISOString();
  const from = paymentStatusPredecessors(status);
  if (await moveStatus(db, paymentId, status, from, at)) return true;
  if (!isMoneyArriving(status)) return false;
  const revived = await reviveExpiredOrder(db, paymentId, status, at);
  if (revived === 'unreserved') {
    log.error(
      { paymentId, status },
      'an expired order was paid but its units are gone: restock or refund it (needs_attention)',
    );
  }
  // Not expired (any more): another callback may have revived it meanwhile, and this one may follow it.
  return revived === undefined ? moveStatus(db, paymentId, status, from, at) : true;
}

/** Revives an expired order (see applyProviderStatus); undefined when it is not, or no longer, expired. */
async function reviveExpiredOrder(
  db: Db,
  paymentId: string,
  to: PaymentStatus,
  at: string,
): Promise<'reserved' | 'unreserved' | undefined> {
  return db
    .transaction()
    .execute(async (trx) => {
      const order = await repo.findOrder(trx, paymentId);
      if (order?.payment_status !== 'expired' || order.stock_reserved === 1) return undefined;
      const reserved = await reserveAgain(trx, order, at);
      // Conditional: a second callback reviving it at the same time rolls back, units and all.
      if (!(await repo.reviveExpiredOrder(trx, paymentId, to, reserved, at))) throw new OrderChanged();
      return reserved ? 'reserved' : 'unreserved';
    })
    .catch((error: unknown) => {
      if (error instanceof OrderChanged) return undefined;
      throw error;
    });
}

/**
 * Takes an expired order's units again with the purchase's own conditional decrement, the product row
 * first. A price set to 0 since does not stop it: the buyer paid the order's price.
 */
async function reserveAgain(db: Db, order: OrderRow, at: string): Promise<boolean> {
  const line = {
    shop: order.shop,
    product_id: order.product_id,
    condition: order.condition,
    quantity: order.quantity,
  };
  return typeof (await stock.takeUnits(db, line, at, { forSale: false })) === 'object';
}
