import type { FastifyInstance } from 'fastify';
import type { ChatService } from './service.js';

/**
 * Removes chat images never sent in a message (a day after their upload) every `everyMs` in this process
 * (0: never). Several processes may each run it: each upload is taken by one of them (repository.ts).
 */
export function scheduleUnsentImageSweep(app: FastifyInstance, chat: ChatService, everyMs: number): void {
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = async () => {
    try {
      const removed = await chat.sweepUnsentImages();
      if (removed > 0) app.log.info({ removed }, 'removed chat images never sent within a day');
    } catch (error) {
      app.log.error({ err: error }, 'unsent chat image sweep failed');
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
    await running;
  });
}
