import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import type { Database } from '../../db/types.js';
import { runPeriodically } from '../../periodic.js';
import { INVOICELESS_HOLD_MS } from './checkout.js';
import { moveStatus } from './payment-status.js';
import * as repo from './repository.js';

/** The statuses the sweep expires: no money yet, or only part of it. */
const UNPAID: PaymentStatus[] = ['waiting', 'partially_paid'];

/**
 * Expires 'waiting' and 'partially_paid' payments past the hold, giving their units back and telling
 * the buyer (and, when part of the money had arrived, the seller). 'waiting' covers more than untouched
 * orders: NOWPayments reports 'waiting' too once the buyer has opened a payment and it awaits the coins.
 * So a payment with any verified callback within the last hold window is left for now (its hold runs
 * from the provider's latest word), and money that still arrives after an expiry revives the order
 * (applyProviderStatus). A "Checkout all" group expires as one. A shipped order is never expired. Safe
 * with several processes sweeping at once; returns how many payments this call expired.
 *
 * A 'waiting' order whose invoice was never stored (the process died while the provider's invoice call
 * was pending: no buyer ever saw a payment page for it) holds only INVOICELESS_HOLD_MS, not the hold.
 * Deleted orders' records older than DELETED_ORDER_KEEP_DAYS are removed by the same sweep.
 */
export async function sweepUnpaidOrders(
  db: Kysely<Database>,
  now: Date,
  holdMinutes: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - holdMinutes * 60_000).toISOString();
  const invoicelessCutoff = new Date(now.getTime() - INVOICELESS_HOLD_MS).toISOString();
  const at = now.toISOString();
  const batch = 100;
  let expired = 0;
  for (const [statuses, before, only] of [
    [UNPAID, cutoff, 'all'],
    [['waiting'], invoicelessCutoff, 'without invoice'],
  ] as const) {
    // Bounded: each pass takes its orders out of the next pass's query, but a sweep never runs unbounded.
    for (let pass = 0; pass < 100; pass += 1) {
      const refs = await repo.findHeldOrdersBefore(db, statuses, before, before, batch, only);
      for (const ref of refs) {
        if (await moveStatus(db, ref, 'expired', statuses, at)) expired += 1;
      }
      if (refs.length < batch) break;
    }
  }
  // What deleted orders were (issue 33) is kept only while their invoices could still take money:
  // a provider's invoice lives hours, not weeks, and each row holds a buyer's address.
  const keptSince = new Date(now.getTime() - DELETED_ORDER_KEEP_DAYS * 86_400_000).toISOString();
  for (let pass = 0; pass < 100; pass += 1) {
    if ((await repo.purgeDeletedPayments(db, keptSince, 500)) < 500) break;
  }
  return expired;
}

/** Days a deleted order's record (deleted_orders) is kept for money its invoice may still take. */
export const DELETED_ORDER_KEEP_DAYS = 30;

/**
 * Runs the unpaid-order sweep in this process every `everyMs` (0: never). Several processes may each run
 * it: the sweep's conditional updates let exactly one of them expire a given order.
 */
export function scheduleUnpaidOrderSweep(app: FastifyInstance, everyMs: number): void {
  runPeriodically(app, 'unpaid order sweep', everyMs, async () => {
    const { db, config } = app.deps;
    const expired = await sweepUnpaidOrders(db, new Date(), config.ORDER_HOLD_MINUTES);
    if (expired > 0) app.log.info({ expired }, 'expired unpaid orders and returned their stock');
  });
}
