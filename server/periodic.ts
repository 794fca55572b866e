import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from './db/errors.js';

/**
 * Runs `work` in this process every `everyMs` (0: never) from the moment the app is ready, as the
 * sweeps do. Never two at once (a slow database must not stack them), never what keeps the process
 * alive, and one in flight is let finish before the app (and the database under it) closes. A failure
 * is logged under `what`; a database outage is not, since it is logged once where it starts and ends.
 */
export function runPeriodically(
  app: FastifyInstance,
  what: string,
  everyMs: number,
  work: () => Promise<void>,
): void {
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = async () => {
    try {
      await work();
    } catch (error) {
      if (isDatabaseUnavailable(error)) return;
      app.log.error({ err: error }, `${what} failed`);
    }
  };
  const tick = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, everyMs);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
