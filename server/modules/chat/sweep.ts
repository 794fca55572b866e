import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../periodic.js';
import type { ChatService } from './service.js';

/**
 * Removes chat images never sent in a message (a day after their upload) every `everyMs` in this process
 * (0: never). Several processes may each run it: each upload is taken by one of them (repository.ts).
 */
export function scheduleUnsentImageSweep(app: FastifyInstance, chat: ChatService, everyMs: number): void {
  runPeriodically(app, 'unsent chat image sweep', everyMs, async () => {
    const removed = await chat.sweepUnsentImages();
    if (removed > 0) app.log.info({ removed }, 'removed chat images never sent within a day');
  });
}
