/**
 * The sockets' side of bench/chat.bench.ts, run as a child process (node bench/chat-clients.mjs) so that
 * neither its memory nor its event loop is counted as the server's: the server's heap and RSS are read
 * in the bench's own process, and every time here is taken on this process's clock (send and receipt).
 * Plain JavaScript so it runs without tsx.
 *
 * Requests arrive over IPC as { id, type, ...args } and are answered { id, ok: true, result } or
 * { id, ok: false, error }:
 *   connect { url, users: [{ sub, token, chatIds }], role }  opens one socket per user (websocket only,
 *       no reconnection), sends registerUser; → { connected, failed, firstError, ms }
 *   join { role }  every socket of that role joins its chats and waits for their chatHistory;
 *       → { joined, failed, firstError, ms }
 *   run { rate, seconds, tag }  buyers take turns sending sendMessage at a steady rate; the time until
 *       a seller socket receives newMessage for it is one latency;
 *       → { sent, sendMs, settledMs, acked, received, refused, firstRefusal, latencies, ackLatencies,
 *       chatErrors, firstChatError }
 *   close  disconnects every socket; → {}
 */
import { performance } from 'node:perf_hooks';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { io } from 'socket.io-client';

/** Any wait for the server gives up after this long, so a stuck server ends the run instead of hanging it. */
const WAIT_MS = 30_000;
/** How many handshakes (or joins) are in flight at once. */
const BATCH = 100;
/**
 * After the last send, how long answers may still arrive. Long, so that an overloaded server's backlog is
 * timed to the end (and the server is idle again before the bench closes it) rather than cut off.
 */
const DRAIN_MS = 120_000;

/** @type {{ role: string, sub: string, chatIds: number[], socket: import('socket.io-client').Socket }[]} */
const clients = [];
let chatErrors = 0;
let firstChatError;
/** Messages in flight by their tag: when each was sent. */
const inFlight = new Map();
/** Filled by the seller sockets' newMessage handler while a run is on. */
let onSellerMessage;

function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${WAIT_MS} ms`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function openSocket(url, user, role) {
  const socket = io(url, {
    auth: { token: user.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: WAIT_MS,
  });
  const client = { role, sub: user.sub, chatIds: user.chatIds, socket };
  socket.on('chatError', (payload) => {
    chatErrors += 1;
    firstChatError ??= payload?.error;
  });
  if (role === 'seller') {
    socket.on('newMessage', (message) => onSellerMessage?.(message));
  }
  return withTimeout(
    new Promise((resolve, reject) => {
      socket.once('connect', () => {
        socket.emit('registerUser', { userId: user.sub });
        resolve(client);
      });
      socket.once('connect_error', (error) => reject(error));
    }),
    'connect',
  ).catch((error) => {
    socket.disconnect();
    throw error;
  });
}

async function inBatches(items, work) {
  let done = 0;
  let failed = 0;
  let firstError;
  for (let start = 0; start < items.length; start += BATCH) {
    const settled = await Promise.allSettled(items.slice(start, start + BATCH).map(work));
    for (const outcome of settled) {
      if (outcome.status === 'fulfilled') done += 1;
      else {
        failed += 1;
        firstError ??= String(outcome.reason?.message ?? outcome.reason);
      }
    }
  }
  return { done, failed, firstError };
}

async function connect({ url, users, role }) {
  const start = performance.now();
  const { done, failed, firstError } = await inBatches(users, async (user) => {
    clients.push(await openSocket(url, user, role));
  });
  return { connected: done, failed, firstError, ms: performance.now() - start };
}

function joinChat(client, chatId) {
  return withTimeout(
    new Promise((resolve) => {
      const onHistory = (payload) => {
        if (payload?.chatId !== chatId) return;
        client.socket.off('chatHistory', onHistory);
        resolve();
      };
      client.socket.on('chatHistory', onHistory);
      client.socket.emit('joinChat', { chatId });
    }),
    `joinChat ${chatId}`,
  );
}

async function join({ role }) {
  const start = performance.now();
  const pairs = clients
    .filter((client) => client.role === role)
    .flatMap((client) => client.chatIds.map((chatId) => ({ client, chatId })));
  const { done, failed, firstError } = await inBatches(pairs, ({ client, chatId }) =>
    joinChat(client, chatId),
  );
  return { joined: done, failed, firstError, ms: performance.now() - start };
}

function run({ rate, seconds, tag }) {
  const buyers = clients.filter((client) => client.role === 'buyer' && client.chatIds.length > 0);
  if (buyers.length === 0) throw new Error('no connected buyer has a chat');
  const total = Math.round(rate * seconds);
  const latencies = [];
  const ackLatencies = [];
  let sent = 0;
  let acked = 0;
  let refused = 0;
  let firstRefusal;
  inFlight.clear();
  onSellerMessage = (message) => {
    const sentAt = inFlight.get(message?.content);
    if (sentAt === undefined) return;
    inFlight.delete(message.content);
    latencies.push(performance.now() - sentAt);
  };
  const sendOne = () => {
    const buyer = buyers[sent % buyers.length];
    const content = `${tag} ${sent}`;
    sent += 1;
    const sentAt = performance.now();
    inFlight.set(content, sentAt);
    buyer.socket.emit(
      'sendMessage',
      { chatId: buyer.chatIds[0], senderGoogleId: buyer.sub, content, images: [] },
      (answer) => {
        if (answer?.ok) {
          acked += 1;
          ackLatencies.push(performance.now() - sentAt);
        } else {
          refused += 1;
          firstRefusal ??= answer?.error ?? JSON.stringify(answer);
          inFlight.delete(content);
        }
      },
    );
  };
  return new Promise((resolve) => {
    const start = performance.now();
    // A fine tick that sends whatever the schedule says is due: a steady rate, not bursts per second.
    const ticker = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (sent < due) sendOne();
      if (sent < total) return;
      clearInterval(ticker);
      const sendMs = performance.now() - start;
      const drainStart = performance.now();
      const drain = setInterval(() => {
        // Settled: every message refused, or acknowledged and seen by the seller.
        const settled = refused + latencies.length >= total && acked + refused >= total;
        if (!settled && performance.now() - drainStart < DRAIN_MS) return;
        clearInterval(drain);
        onSellerMessage = undefined;
        resolve({
          sent,
          sendMs,
          settledMs: performance.now() - start,
          acked,
          received: latencies.length,
          refused,
          firstRefusal,
          latencies,
          ackLatencies,
          chatErrors,
          firstChatError,
        });
      }, 20);
    }, 2);
  });
}

function close() {
  for (const client of clients) client.socket.disconnect();
  clients.length = 0;
  return {};
}

const handlers = { connect, join, run, close };

process.on('message', (request) => {
  void (async () => {
    try {
      const result = await handlers[request.type](request);
      process.send({ id: request.id, ok: true, result });
    } catch (error) {
      process.send({ id: request.id, ok: false, error: String(error?.message ?? error) });
    }
  })();
});
// The bench went away (finished or crashed): nothing is left to measure.
process.on('disconnect', () => {
  close();
  process.exit(0);
});
