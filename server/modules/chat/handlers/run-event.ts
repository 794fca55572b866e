/**
 * How every chat event runs, whichever handler it has: the session checked again, the per-user limit
 * taken, and whatever the handler throws turned into a chatError sentence (or a refused ack).
 */
import type { FastifyBaseLogger } from 'fastify';
import { chatEventSchema, type SendMessageAck } from '../../../../shared/schemas/chat.js';
import type { RateLimit, RateLimiter } from '../../../limits/rate-limit.js';
import { ChatBusyError } from '../capacity.js';
import { type ChatEventContext, type ChatSocket, SESSION_EXPIRED, sentenceOf, TOO_FAST } from './kit.js';

/** Per user, over all their sockets (and processes, with REDIS_URL): messages sent… */
export const CHAT_SEND_LIMIT: RateLimit = {
  name: 'chat-send',
  max: 20,
  windowMs: 10_000,
  sentence: () => TOO_FAST,
};
/** …and every other event (typing, joins, reads, lists). */
export const CHAT_EVENT_LIMIT: RateLimit = {
  name: 'chat-events',
  max: 120,
  windowMs: 10_000,
  sentence: () => TOO_FAST,
};

export interface EventRunnerOptions {
  socket: ChatSocket;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Tells the user their session ended and closes the socket. */
  expire: () => void;
  /** Handlers still running: closing waits for them, so none publishes to a Redis client already quit. */
  inFlight: Set<Promise<void>>;
  /** Lets a message in, or undefined when this process has no room for it now (the service's writer). */
  admitSend: () => (() => void) | undefined;
}

/** The `on` of a connected socket's handlers (ChatEventContext). */
export function eventRunner({
  socket,
  limiter,
  log,
  expire,
  inFlight,
  admitSend,
}: EventRunnerOptions): ChatEventContext['on'] {
  const me = socket.data.user.sub;
  return (event, handler) => {
    socket.on(event, (...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as (answer: SendMessageAck) => void) : undefined;
      // Timers can run late (a suspended process): the token is checked again on every event.
      if (Date.now() >= socket.data.expiresAt) {
        ack?.({ ok: false, error: SESSION_EXPIRED });
        return expire();
      }
      const payload = args.length > (ack ? 1 : 0) ? args[0] : undefined;
      // A message this process has no room for now is answered busy before the sender's own limit
      // counts it: the browser sends it again after the wait, and those tries must not use up the 20
      // messages per 10 s. Let in, it holds its room through the limit until it takes its place.
      const admitted = event === 'sendMessage' ? admitSend() : undefined;
      if (event === 'sendMessage' && !admitted) {
        const busy = new ChatBusyError();
        return ack?.({ ok: false, error: busy.message, retryAfter: busy.retryAfter });
      }
      // Counted per user, so more sockets do not mean more messages.
      const limit = event === 'sendMessage' ? CHAT_SEND_LIMIT : CHAT_EVENT_LIMIT;
      const work = limiter.enforce(limit, me).then(() => {
        admitted?.();
        return handler(payload, ack);
      });
      const settled = work.catch((error: unknown) => {
        // Busy: nothing was stored, and the client sends it again after retryAfter.
        if (error instanceof ChatBusyError && ack)
          return ack({ ok: false, error: error.message, retryAfter: error.retryAfter });
        const sentence = sentenceOf(error, log);
        if (ack) return ack({ ok: false, error: sentence });
        // Only the id the client itself sent is echoed: it tells nothing about the chat.
        const named = chatEventSchema.safeParse(payload);
        socket.emit('chatError', {
          error: sentence,
          ...(named.success ? { chatId: named.data.chatId } : {}),
        });
      });
      inFlight.add(settled);
      void settled.finally(() => {
        inFlight.delete(settled);
        admitted?.();
      });
    });
  };
}
