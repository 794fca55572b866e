/**
 * The chat past its capacity (issue 21): it says no, with a reason and a wait, instead of taking work it
 * cannot finish in time. A burst beyond what the database writes made handshakes time out and the event
 * loop run half a second late while HTTP stopped answering; now:
 *
 * - a connection is refused in the handshake's middleware (socket.io's `connect_error`, a sentence and
 *   `data: { retryAfter }`) while this process holds CHAT_MAX_SOCKETS sockets, or while its event loop
 *   has run more than CHAT_MAX_EVENT_LOOP_LAG_MS late (p99) for two seconds on end: never accepted and
 *   then dropped;
 * - a message is refused at once, before anything is stored or counted against the sender's own limit,
 *   while this process is already writing CHAT_MAX_PENDING_MESSAGES of them: `{ ok: false, error,
 *   retryAfter }`, and the browser sends it again after the wait with the same clientMessageId.
 *
 * The lag is judged over whole seconds, twice in a row, so a single pause (a collection, a start-up, a
 * busy neighbour on the machine) never turns a user away; only a loop that stays late does.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const CHAT_FULL =
  'The chat has as many people connected as it can take right now. It will connect again in a moment.';
export const CHAT_BUSY_CONNECT = 'The chat is very busy right now. It will connect again in a moment.';
export const CHAT_BUSY_SEND = 'The chat is very busy right now. Your message will be sent again in a moment.';

/** Seconds a refused client waits before it tries again. */
export const RETRY_CONNECT_S = 5;
export const RETRY_SEND_S = 1;

/** One lag reading per this many ms; the loop counts as late after LATE_WINDOWS late readings in a row. */
const LAG_WINDOW_MS = 1_000;
const LATE_WINDOWS = 2;

export interface ChatAdmissionLimits {
  maxSockets: number;
  maxPendingMessages: number;
  /** 0: the lag never refuses. */
  maxEventLoopLagMs: number;
}

/** A refusal as socket.io hands it to the client: the message, and `data` beside it. */
export class ChatRefusal extends Error {
  readonly data: { retryAfter: number };

  constructor(sentence: string, retryAfter: number) {
    super(sentence);
    this.data = { retryAfter };
  }
}

export interface ChatAdmission {
  /**
   * Starts judging the event loop's lag: once the server listens, so the start's own work (migrations,
   * the demo seed) is never held against the first visitors.
   */
  watchLag(): void;
  /** Why a new connection cannot be taken now (given the sockets this process holds), or undefined. */
  connectionRefusal(connectedSockets: number): ChatRefusal | undefined;
  /** A place among the messages being written, to give back when done; undefined while all are taken. */
  takeSendPlace(): (() => void) | undefined;
  /** Messages being written now (for /metrics). */
  pendingMessages(): number;
  /** Messages refused as busy and connections refused, since start (for /metrics). */
  refusals(): { sends: number; connections: number };
  close(): void;
}

export function createChatAdmission(limits: ChatAdmissionLimits): ChatAdmission {
  let pending = 0;
  let refusedSends = 0;
  let refusedConnections = 0;
  let lateWindows = 0;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let timer: NodeJS.Timeout | undefined;
  const watchLag = () => {
    if (limits.maxEventLoopLagMs <= 0 || timer) return;
    delay.enable();
    timer = setInterval(() => {
      const p99Ms = delay.count > 0 ? delay.percentile(99) / 1e6 : 0;
      delay.reset();
      lateWindows = p99Ms > limits.maxEventLoopLagMs ? lateWindows + 1 : 0;
    }, LAG_WINDOW_MS);
    timer.unref();
  };

  return {
    watchLag,
    connectionRefusal(connectedSockets) {
      let refusal: ChatRefusal | undefined;
      if (connectedSockets >= limits.maxSockets) refusal = new ChatRefusal(CHAT_FULL, RETRY_CONNECT_S);
      else if (lateWindows >= LATE_WINDOWS) refusal = new ChatRefusal(CHAT_BUSY_CONNECT, RETRY_CONNECT_S);
      if (refusal) refusedConnections += 1;
      return refusal;
    },
    takeSendPlace() {
      if (pending >= limits.maxPendingMessages) {
        refusedSends += 1;
        return undefined;
      }
      pending += 1;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        pending -= 1;
      };
    },
    pendingMessages: () => pending,
    refusals: () => ({ sends: refusedSends, connections: refusedConnections }),
    close() {
      if (timer) clearInterval(timer);
      delay.disable();
    },
  };
}
