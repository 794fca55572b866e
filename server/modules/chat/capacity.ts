/**
 * What one process takes on before it says "not now" (issue 21, a chat that degrades gracefully): past its
 * capacity the chat refuses politely, with a sentence and a `retryAfter` (milliseconds), instead of dropping
 * handshakes and letting the event loop fall behind for everyone.
 *
 * - Connections: at most CHAT_MAX_SOCKETS per process, and none while the event loop is lagging (below).
 * - Sends: at most CHAT_MAX_PENDING_MESSAGES being checked or waiting for the writer (message-writer.ts);
 *   the next is answered busy at once (ChatBusyError), never queued without bound.
 *
 * - Sends while the loop lags: past its CPU a process can still store every message (the writer keeps up)
 *   while socket work holds the loop for most of a second (measured: 2,400 msg/s from 1,000 senders, loop
 *   lag p99 0.6–0.8 s, /api/health 0.5–0.75 s). Then it takes only so many sends a second (admitSend), the
 *   rate found as TCP finds its own: cut each second the loop was behind (by how far behind it was), raised
 *   each second it kept up, and no limit again once sends come slower than it. The rest are answered busy,
 *   which costs a fraction of taking one, and the browser sends them again after the wait.
 *
 * The lag signal refuses new connections only when the loop is behind for a while: the p99 of every one of
 * the last LAG_WINDOWS one-second windows above the limit, and never
 * in the first LAG_GRACE_MS after start (a process starting up, a GC pause, a loaded test machine lag briefly;
 * refusing then turns a blip into refused users). And only while this process carries a real load
 * (LAG_MIN_SOCKETS sockets or handshakes): a loop lagging because the machine is busy with something else (a
 * loaded CI machine running test files side by side, seen refusing tests' sockets) is not the chat's to shed,
 * and refusing a handful of users would not make it faster.
 */
import type { LoopDelay } from '../metrics/index.js';

export const CHAT_FULL = 'The chat is full right now. Your browser will connect again in a few seconds.';
export const CHAT_LAGGING =
  'The chat is very busy right now. Your browser will connect again in a few seconds.';
export const CHAT_BUSY =
  'The chat is busy right now and could not take your message yet. It will be sent again in a moment.';

/** One-second windows whose p99 must all be above the limit before connections are refused. */
const LAG_WINDOWS = 3;
/** Below this many sockets (and handshakes) of its own, a process never refuses on lag. */
export const LAG_MIN_SOCKETS = 200;
/** A just-started process is never refused on lag. */
const LAG_GRACE_MS = 10_000;
/** Sends a lagging process still takes per second at the least (so every user's messages keep moving). */
const MIN_SENDS_PER_SECOND = 50;

/** A wait with jitter, so the refused do not all come back in the same millisecond. */
export function retryAfterMs(base: number): number {
  return Math.round(base + Math.random() * base);
}

/** A send the process cannot take now: answered `{ ok: false, error, retryAfter }` at once. */
export class ChatBusyError extends Error {
  readonly retryAfter = retryAfterMs(1_000);
  constructor() {
    super(CHAT_BUSY);
  }
}

/** A refused handshake: socket.io sends `data` to the client with its connect_error. */
export interface ConnectionRefusal extends Error {
  data: { error: string; retryAfter: number };
}

function refusal(sentence: string, retryAfter: number): ConnectionRefusal {
  return Object.assign(new Error(sentence), { data: { error: sentence, retryAfter } });
}

export interface ChatCapacityOptions {
  maxSockets: number;
  /** 0: never refuse on lag. */
  maxEventLoopLagMs: number;
  /** The process's event-loop delay in one-second windows (shared with /metrics). */
  loopDelay: LoopDelay;
}

export interface ChatCapacity {
  /** Why a new connection is refused now, or undefined when it may come in. */
  refuseConnection(connectedSockets: number): ConnectionRefusal | undefined;
  /** Whether a send that just arrived may be taken now (false: it is answered busy). */
  admitSend(connectedSockets: number): boolean;
  /** The event loop's lag p99 of the last window (ms), for logs and benches. */
  lagP99(): number;
}

export function createChatCapacity({
  maxSockets,
  maxEventLoopLagMs,
  loopDelay,
}: ChatCapacityOptions): ChatCapacity {
  const startedAt = Date.now();
  const lagging = () => {
    const windows = loopDelay.windows().slice(-LAG_WINDOWS);
    return (
      maxEventLoopLagMs > 0 &&
      Date.now() - startedAt >= LAG_GRACE_MS &&
      windows.length === LAG_WINDOWS &&
      windows.every((p99) => p99 > maxEventLoopLagMs)
    );
  };

  // Sends taken per second while the loop lags (Infinity: no limit), and the current second's count.
  let sendLimit = Infinity;
  let secondStart = Date.now();
  let takenThisSecond = 0;
  const nextSecond = (now: number) => {
    const elapsed = now - secondStart;
    if (elapsed < 1_000) return;
    const taken = (takenThisSecond * 1_000) / elapsed;
    const p99 = loopDelay.windows().at(-1) ?? 0;
    // Cut by how far behind the loop was (twice over its limit: half the rate), by a fifth at the least.
    const cut = Math.min(0.8, Math.max(0.3, maxEventLoopLagMs / p99));
    if (p99 > maxEventLoopLagMs) sendLimit = Math.max(MIN_SENDS_PER_SECOND, Math.min(sendLimit, taken) * cut);
    else if (p99 <= maxEventLoopLagMs / 2 && sendLimit >= taken * 2) sendLimit = Infinity;
    else if (sendLimit !== Infinity) sendLimit *= p99 <= maxEventLoopLagMs / 2 ? 2 : 1.2;
    secondStart = now;
    takenThisSecond = 0;
  };
  return {
    admitSend(connectedSockets) {
      if (maxEventLoopLagMs === 0 || connectedSockets < LAG_MIN_SOCKETS) return true;
      // No grace after start here: a send answered busy is sent again by the browser, nobody is turned away.
      const now = Date.now();
      nextSecond(now);
      if (takenThisSecond >= sendLimit) return false;
      takenThisSecond += 1;
      return true;
    },
    refuseConnection(connectedSockets) {
      if (connectedSockets >= maxSockets) return refusal(CHAT_FULL, retryAfterMs(5_000));
      if (connectedSockets >= LAG_MIN_SOCKETS && lagging()) return refusal(CHAT_LAGGING, retryAfterMs(3_000));
      return undefined;
    },
    lagP99: () => loopDelay.windows().at(-1) ?? 0,
  };
}
