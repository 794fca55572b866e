import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { sweepUnpaidOrders } from './service.js';

/**
 * Runs the unpaid-order sweep in this process every `everyMs` (0: never). Several processes may each run
 * it: the sweep's conditional updates let exactly one of them expire a given order.
 */
export function scheduleUnpaidOrderSweep(app: FastifyInstance, everyMs: number): void {
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = async () => {
    try {
      const { db, config } = app.deps;
      const expired = await sweepUnpaidOrders(db, new Date(), config.ORDER_HOLD_MINUTES);
      if (expired > 0) app.log.info({ expired }, 'expired unpaid orders and returned their stock');
    } catch (error) {
      // An outage is logged once where it starts and ends (main.ts); the next sweep catches up.
      if (isDatabaseUnavailable(error)) return;
      app.log.error({ err: error }, 'unpaid order sweep failed');
    }
  };
  const sweep = () => {
    // A slow database must not stack sweeps on top of each other.
    running ??= run().finally(() => {
      running = undefined;
    });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, everyMs);
    // The sweep must never be what keeps the process alive.
    timer.unref();
    sweep();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Let a sweep in flight finish before the database closes under it.
    await running;
  });
}
