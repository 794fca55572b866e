import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../periodic.js';
import { sweepUnpaidOrders } from './service.js';

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
