import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../periodic.js';
import { removeOldActivity } from './service.js';

/**
 * Removes activity rows past ACTIVITY_RETENTION_DAYS in this process every `everyMs` (0: never; the app
 * runs it daily). Several processes may each run it: a row is deleted once, whoever gets there first.
 */
export function scheduleActivityRetention(app: FastifyInstance, everyMs: number): void {
  runPeriodically(app, 'activity retention', everyMs, async () => {
    const { db, config } = app.deps;
    const removed = await removeOldActivity(db, new Date(), config.ACTIVITY_RETENTION_DAYS);
    if (removed > 0) app.log.info({ removed }, 'removed activity log rows past their retention');
  });
}
