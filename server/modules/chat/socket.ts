/**
 * The one realtime module (docs/architecture.md §2): socket.io on the app's own HTTP server. Every emit of the chat
 * comes from here and from the event handlers it wires (handlers/: join, read, typing, send). Rooms:
 * `user:{sub}` holds each signed-in user's sockets (list updates, unread counts, new messages); `chat:{id}`
 * holds the sockets that joined a chat (typing); `session:{id}` the sockets opened with one session token,
 * closed together when that session signs out (issue 33). With REDIS_URL the rooms span every process through
 * @socket.io/redis-adapter; nothing about a chat lives in one process's memory except which of its own
 * sockets are in which room.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { ConnectionLimiter } from '../../limits/connection-limit.js';
import type { RateLimiter } from '../../limits/rate-limit.js';
import type { RedisConnection } from '../../redis/connection.js';
import { liveSession, sessionEnded, type SessionDeps, type SignOuts } from '../buyers/index.js';
import { handleJoinEvents } from './handlers/join.js';
import { type ChatServer, type ChatSocket, SESSION_EXPIRED, sessionRoom, userRoom } from './handlers/kit.js';
import { handleReadEvents } from './handlers/read.js';
import { eventRunner } from './handlers/run-event.js';
import { handleSendEvents } from './handlers/send.js';
import { handleTypingEvents } from './handlers/typing.js';
import type { LoopDelay } from '../metrics/index.js';
import { createChatCapacity } from './capacity.js';
import type { ConnectedCheck } from './email-notices.js';
import type { ChatService } from './service.js';

export const UNAUTHORIZED = 'unauthorized';
/** Open chat sockets per user, across every process with REDIS_URL (connection-limit.ts). */
export const CHAT_SOCKETS_PER_USER = 10;
export const TOO_MANY_CONNECTIONS = `Too many open chat connections for this account (at most ${CHAT_SOCKETS_PER_USER}). Close a tab and try again.`;
/** Images travel over HTTP; a socket message is text and paths only. */
export const SOCKET_MAX_BYTES = 100_000;
/** How long a shutdown waits for event handlers still writing. */
const SHUTDOWN_GRACE_MS = 5_000;

export interface ChatSocketOptions {
  /** With it, the rooms are shared with every other process on the same Redis. */
  redis: RedisConnection | undefined;
  limiter: RateLimiter;
  connections: ConnectionLimiter;
  /** The process's event-loop delay (metrics/loop-delay.ts), for the lag refusal. */
  loopDelay: LoopDelay;
  /** Buyer sign-outs (the buyers module): the sockets of an ended session are closed, in every process. */
  signOuts: SignOuts;
}

/** The handshake: a live session (not ended by sign-out), and a free place among the user's sockets; else the refusal. */
async function admit(
  socket: ChatSocket,
  token: string,
  sessions: SessionDeps,
  connections: ConnectionLimiter,
): Promise<Error | undefined> {
  const session = await liveSession(sessions, token);
  if (!session) return new Error(UNAUTHORIZED);
  const userId = session.user.sub;
  if (!(await connections.admit(userId, socket.id))) return new Error(TOO_MANY_CONNECTIONS);
  // Freed when the connection ends, however it ends (even while this handshake was still deciding).
  const release = () => connections.release(userId, socket.id);
  if (socket.conn.readyState === 'closing' || socket.conn.readyState === 'closed') release();
  else socket.conn.once('close', release);
  socket.data.user = session.user;
  socket.data.expiresAt = session.expiresAt.getTime();
  socket.data.sessionId = session.sessionId;
  return undefined;
}

/**
 * Attaches the chat socket to the app's HTTP server (call after the routes) and closes it with the app.
 * While Redis is unreachable, events are handled and delivered to this process's sockets as always; only
 * the other processes miss them (they are stored, so a reload or a join shows them there).
 */
export function attachChatSocket(
  app: FastifyInstance,
  chat: ChatService,
  { redis, limiter, connections, loopDelay, signOuts }: ChatSocketOptions,
): ChatServer {
  const adapterClients = redis?.adapterClients();
  const io: ChatServer = new Server(app.server, {
    maxHttpBufferSize: SOCKET_MAX_BYTES,
    serveClient: false,
    ...(adapterClients ? { adapter: createAdapter(adapterClients.pub, adapterClients.sub) } : {}),
  });
  // This process's limits: sockets and event-loop lag.
  const capacity = createChatCapacity({
    maxSockets: app.deps.config.CHAT_MAX_SOCKETS,
    maxEventLoopLagMs: app.deps.config.CHAT_MAX_EVENT_LOOP_LAG_MS,
    loopDelay,
  });

  io.use((socket, next) => {
    // Before anything costs: past this process's capacity the client is told why and when to come back
    // (connect_error with data { error, retryAfter }), rather than left with a handshake that dies.
    // clientsCount counts this connection too.
    const full = capacity.refuseConnection(io.engine.clientsCount - 1);
    if (full) return next(full);
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string') return next(new Error(UNAUTHORIZED));
    admit(socket, token, app.deps, connections).then(
      (refusal) => next(refusal),
      () => next(new Error(UNAUTHORIZED)),
    );
  });

  /** Handlers still running: closing waits for them, so none publishes to a Redis client already quit. */
  const inFlight = new Set<Promise<void>>();

  io.on('connection', (socket) => {
    const me = socket.data.user.sub;
    void socket.join([userRoom(me), sessionRoom(socket.data.sessionId)]);
    // A sign-out between the handshake's check and this join disconnected the session's room without
    // this socket: read it again now that the socket is in the room (a later sign-out reaches it there).
    sessionEnded(app.deps.db, socket.data.sessionId).then(
      (ended) => ended && socket.disconnect(true),
      () => undefined,
    );
    // A socket lives as long as the tab: it must not outlive the session its token granted.
    const expire = () => {
      socket.emit('chatError', { error: SESSION_EXPIRED });
      socket.disconnect(true);
    };
    const expiry = setTimeout(expire, Math.max(0, Math.min(socket.data.expiresAt - Date.now(), 2 ** 31 - 1)));
    expiry.unref();
    socket.on('disconnect', () => clearTimeout(expiry));

    // A send is taken only while the loop keeps up (capacity.ts), then only while the writer has room.
    const admitSend = () => (capacity.admitSend(io.engine.clientsCount) ? chat.admitSend() : undefined);
    const on = eventRunner({ socket, limiter, log: app.log, expire, inFlight, admitSend });
    const context = { io, socket, chat, me, on };
    handleJoinEvents(context);
    handleReadEvents(context);
    handleTypingEvents(context);
    handleSendEvents(context);
  });

  // A signed-out session's sockets close at once, on every process (through the adapter with REDIS_URL).
  // A new handshake with its token is refused by admit (the revocation is in the database).
  signOuts.listen(({ sessionId }) => io.in(sessionRoom(sessionId)).disconnectSockets(true));

  // Before Fastify closes the HTTP server: open websockets would keep it from closing. Only this process's
  // sockets are disconnected (io.disconnectSockets would reach the other processes through Redis).
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    // Let running handlers finish their writes, but never let a stuck database hold the shutdown.
    await Promise.race([
      Promise.allSettled([...inFlight]),
      new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref()),
    ]);
    await Promise.resolve(io.of('/').adapter.close());
    io.engine.close();
  });
  return io;
}

/**
 * Whether a user has a chat socket open now: their user room, asked of every process through the Redis
 * adapter (fetchSockets). Rejects while Redis cannot answer for the other processes.
 */
export function connectedCheck(io: ChatServer): ConnectedCheck {
  return async (userId) => (await io.in(userRoom(userId)).fetchSockets()).length > 0;
}
