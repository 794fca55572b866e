/**
 * The sockets' side of bench/chat-load.bench.ts, a child process (node bench/chat-load-clients.mjs) so that its
 * memory and event loop are not the server's. Plain JavaScript so it runs without tsx. It behaves as the
 * browser's chat client does past capacity (client/chat/connection/chatClient.ts): a connection refused with
 * `data.retryAfter` connects again after it, a send answered busy goes again after `retryAfter` with the same
 * clientMessageId.
 *
 * One request over IPC, { type, ...args }, answered once with { ok, result | error }:
 *   connect { url, users: [{ sub, token }] }  opens one socket per user, 200 handshakes in flight;
 *       → { connected, refusedWithReason, dropped, firstDrop, connectMs: number[], totalMs }
 *   overload { url, users: [{ sub, token, chatId }], rate, seconds }  connects every user, then sends at
 *       `rate` messages/s for `seconds` (round robin), retrying busy answers, and times GET /api/health
 *       every 100 ms throughout; → counts, ack latencies and health latencies
 *   close  disconnects every socket and exits.
 */
/* global fetch, AbortSignal */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { io } from 'socket.io-client';

const WAIT_MS = 30_000;
const IN_FLIGHT = 200;
/** @type {import('socket.io-client').Socket[]} */
const sockets = [];

/** One socket; refused with a reason → tries again after retryAfter (counted), dropped → counted and given up. */
function openSocket(url, token, counts) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: WAIT_MS,
    });
    socket.on('connect', () => {
      sockets.push(socket);
      resolve({ socket, ms: performance.now() - started });
    });
    socket.on('connect_error', (error) => {
      const retryAfter = error?.data?.retryAfter;
      if (typeof retryAfter === 'number') {
        counts.refusedWithReason += 1;
        setTimeout(() => socket.connect(), retryAfter);
        return;
      }
      counts.dropped += 1;
      counts.firstDrop ??= error?.message ?? String(error);
      socket.close();
      resolve({ socket: undefined, ms: performance.now() - started });
    });
  });
}

async function connectAll(url, users, counts) {
  const connectMs = [];
  const bySub = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, users.length) }, async () => {
      while (next < users.length) {
        const user = users[next++];
        const { socket, ms } = await openSocket(url, user.token, counts);
        if (socket) {
          connectMs.push(ms);
          bySub.set(user.sub, socket);
        }
      }
    }),
  );
  return { connectMs, bySub, totalMs: performance.now() - started };
}

async function connect({ url, users }) {
  const counts = { refusedWithReason: 0, dropped: 0, firstDrop: undefined };
  const { connectMs, bySub, totalMs } = await connectAll(url, users, counts);
  return { connected: bySub.size, ...counts, connectMs, totalMs };
}

async function overload({ url, users, rate, seconds }) {
  const counts = { refusedWithReason: 0, dropped: 0, firstDrop: undefined };
  const health = [];
  /** The health answers timed while the messages were being sent (after every socket connected). */
  const healthWhileSending = [];
  let sending = false;
  let healthFailures = 0;
  let polling = true;
  // This process's own lag: a health answer timed here is late by it too (500 sockets live here).
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  // Untimed: the first fetch of a process loads its HTTP client (undici) and opens the connection, which
  // would be timed as the server's answer.
  await fetch(`${url}/api/health`).then((response) => response.arrayBuffer());
  const poll = (async () => {
    while (polling) {
      const started = performance.now();
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.ok) {
          health.push(performance.now() - started);
          if (sending) healthWhileSending.push(performance.now() - started);
        } else healthFailures += 1;
      } catch {
        healthFailures += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const { bySub, totalMs } = await connectAll(url, users, counts);
  const senders = users.filter((user) => bySub.has(user.sub));
  const acks = { ok: 0, busy: 0, otherError: 0, firstOtherError: undefined, lost: 0 };
  const ackMs = [];
  const total = Math.round(rate * seconds);
  const all = [];
  const start = performance.now();
  sending = true;
  const sendOnce = (socket, event, first) =>
    socket
      .timeout(WAIT_MS)
      .emitWithAck('sendMessage', event)
      .then(
        (answer) => {
          if (answer.ok) {
            acks.ok += 1;
            ackMs.push(performance.now() - first);
            return;
          }
          if (typeof answer.retryAfter === 'number') {
            acks.busy += 1;
            return new Promise((resolve) => setTimeout(resolve, answer.retryAfter)).then(() =>
              sendOnce(socket, event, first),
            );
          }
          acks.otherError += 1;
          acks.firstOtherError ??= answer.error;
        },
        () => {
          acks.lost += 1;
        },
      );
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
    for (; sent < due; sent += 1) {
      const user = senders[sent % senders.length];
      const event = {
        chatId: user.chatId,
        senderGoogleId: user.sub,
        content: `load ${sent}`,
        images: [],
        clientMessageId: `load-${sent}-${user.sub}`.slice(0, 64),
      };
      all.push(sendOnce(bySub.get(user.sub), event, performance.now()));
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const sendMs = performance.now() - start;
  await Promise.all(all);
  polling = false;
  await poll;
  lag.disable();
  return {
    healthWhileSending,
    clientLag: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
    connected: bySub.size,
    ...counts,
    connectTotalMs: totalMs,
    sent: total,
    sendMs,
    settledMs: performance.now() - start,
    ...acks,
    ackMs,
    health,
    healthFailures,
  };
}

function close() {
  for (const socket of sockets.splice(0)) socket.disconnect();
  return {};
}

const handlers = { connect, overload, close };
process.on('message', (request) => {
  const handler = handlers[request.type];
  Promise.resolve(
    handler ? handler(request) : Promise.reject(new Error(`unknown request ${request.type}`)),
  ).then(
    (result) => process.send({ ok: true, result }),
    (error) => process.send({ ok: false, error: String(error?.stack ?? error) }),
  );
});
process.on('disconnect', () => {
  close();
  process.exit(0);
});
