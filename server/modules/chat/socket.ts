/**
 * The one realtime module (docs/architecture.md §2): socket.io on the app's own HTTP server. Every emit of the chat
 * comes from here. Rooms: `user:{sub}` holds each signed-in user's sockets (list updates, unread counts,
 * new messages); `chat:{id}` holds the sockets that joined a chat (typing). With REDIS_URL the rooms span
 * every process through @socket.io/redis-adapter; nothing about a chat lives in one process's memory
 * except which of its own sockets are in which room.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { SessionUser } from '../../../shared/schemas/buying.js';
import {
  chatEventSchema,
  getChatsEventSchema,
  registerUserEventSchema,
  sendMessageEventSchema,
  typingEventSchema,
  type ClientToServerEvents,
  type SendMessageAck,
  type ServerToClientEvents,
} from '../../../shared/schemas/chat.js';
import { databaseFault } from '../../http/error-handler.js';
import { HttpError } from '../../http/errors.js';
import type { ConnectionLimiter } from '../../limits/connection-limit.js';
import type { RateLimit, RateLimiter } from '../../limits/rate-limit.js';
import type { RedisConnection } from '../../redis/connection.js';
import { verifySession } from '../buyers/session-token.js';
import type { ChatService } from './service.js';

export interface ChatSocketData {
  user: SessionUser;
  /** When the handshake's token runs out (ms since epoch): after it, the socket is closed. */
  expiresAt: number;
}
type InterServerEvents = Record<string, never>;
export type ChatServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  ChatSocketData
>;
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, ChatSocketData>;

export const UNAUTHORIZED = 'unauthorized';
export const NOT_YOUR_ACCOUNT = 'That account is not yours.';
export const TOO_FAST = 'You are sending too fast. Please wait a few seconds.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
/** Open chat sockets per user, across every process with REDIS_URL (connection-limit.ts). */
export const CHAT_SOCKETS_PER_USER = 10;
export const TOO_MANY_CONNECTIONS = `Too many open chat connections for this account (at most ${CHAT_SOCKETS_PER_USER}). Close a tab and try again.`;
const FAILED = 'Something went wrong on our side. Please try again.';
/** Images travel over HTTP; a socket message is text and paths only. */
export const SOCKET_MAX_BYTES = 100_000;
/** How long a shutdown waits for event handlers still writing. */
const SHUTDOWN_GRACE_MS = 5_000;
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

export const userRoom = (userId: string) => `user:${userId}`;
export const chatRoom = (chatId: number) => `chat:${chatId}`;

/** A refusal with a sentence fit to show the user. */
class Refusal extends Error {}

/** The first problem of a payload as one sentence, e.g. 'Invalid field "content": must be at most 2000 characters.' */
function payloadSentence(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The message is not valid.';
  const name = issue.path.join('.');
  const message = /received undefined$/.test(issue.message)
    ? 'is required'
    : issue.message.replace(/^Invalid input: expected (\w+), received \w+$/, 'must be $1').replace(/\.$/, '');
  return name ? `Invalid field "${name}": ${message}.` : 'The message must be an object.';
}

function parse<T extends z.ZodType>(schema: T, payload: unknown): z.infer<T> {
  const result = schema.safeParse(payload);
  if (!result.success) throw new Refusal(payloadSentence(result.error));
  return result.data;
}

function assertOwn(socket: ChatSocket, userId: string): void {
  if (userId !== socket.data.user.sub) throw new Refusal(NOT_YOUR_ACCOUNT);
}

function sentenceOf(error: unknown, log: FastifyBaseLogger): string {
  if (error instanceof Refusal) return error.message;
  if (error instanceof HttpError && (error.statusCode < 500 || error.statusCode === 503))
    return error.message;
  const fault = databaseFault(error);
  if (fault) return fault.sentence;
  log.error({ err: error }, 'chat socket event failed');
  return FAILED;
}

export interface ChatSocketOptions {
  /** With it, the rooms are shared with every other process on the same Redis. */
  redis: RedisConnection | undefined;
  limiter: RateLimiter;
  connections: ConnectionLimiter;
}

/**
 * Attaches the chat socket to the app's HTTP server (call after the routes) and closes it with the app.
 * While Redis is unreachable, events are handled and delivered to this process's sockets as always; only
 * the other processes miss them (they are stored, so a reload or a join shows them there).
 */
export function attachChatSocket(
  app: FastifyInstance,
  chat: ChatService,
  { redis, limiter, connections }: ChatSocketOptions,
): ChatServer {
  const adapterClients = redis?.adapterClients();
  const io: ChatServer = new Server(app.server, {
    maxHttpBufferSize: SOCKET_MAX_BYTES,
    serveClient: false,
    ...(adapterClients ? { adapter: createAdapter(adapterClients.pub, adapterClients.sub) } : {}),
  });
  const { sessionSecret } = app.deps.secrets;

  /** The handshake: a valid session, and a free place among the user's sockets; else the refusal. */
  async function admit(socket: ChatSocket, token: string): Promise<Error | undefined> {
    const session = await verifySession(sessionSecret, token);
    if (!session) return new Error(UNAUTHORIZED);
    const userId = session.user.sub;
    if (!(await connections.admit(userId, socket.id))) return new Error(TOO_MANY_CONNECTIONS);
    // Freed when the connection ends, however it ends (even while this handshake was still deciding).
    const release = () => connections.release(userId, socket.id);
    if (socket.conn.readyState === 'closing' || socket.conn.readyState === 'closed') release();
    else socket.conn.once('close', release);
    socket.data.user = session.user;
    socket.data.expiresAt = session.expiresAt.getTime();
    return undefined;
  }

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string') return next(new Error(UNAUTHORIZED));
    admit(socket, token).then(
      (refusal) => next(refusal),
      () => next(new Error(UNAUTHORIZED)),
    );
  });

  /** Handlers still running: closing waits for them, so none publishes to a Redis client already quit. */
  const inFlight = new Set<Promise<void>>();

  /**
   * The one chat that changed, as each participant sees it (unread counts differ per viewer): one row per
   * participant, never their whole list.
   */
  async function pushChat(chatId: number, userIds: readonly string[]): Promise<void> {
    await Promise.all(
      userIds.map(async (userId) => {
        const summary = await chat.chatFor(chatId, userId);
        if (summary) io.to(userRoom(userId)).emit('chatUpdated', summary);
      }),
    );
  }

  io.on('connection', (socket) => {
    const me = socket.data.user.sub;
    void socket.join(userRoom(me));
    // A socket lives as long as the tab: it must not outlive the session its token granted.
    const expire = () => {
      socket.emit('chatError', { error: SESSION_EXPIRED });
      socket.disconnect(true);
    };
    const expiry = setTimeout(expire, Math.max(0, Math.min(socket.data.expiresAt - Date.now(), 2 ** 31 - 1)));
    expiry.unref();
    socket.on('disconnect', () => clearTimeout(expiry));

    /** Runs one event's handler; whatever it throws becomes a chatError sentence (or a refused ack). */
    const on = (
      event: keyof ClientToServerEvents,
      handler: (payload: unknown, ack: ((answer: SendMessageAck) => void) | undefined) => Promise<void>,
    ) => {
      socket.on(event, (...args: unknown[]) => {
        const last = args.at(-1);
        const ack = typeof last === 'function' ? (last as (answer: SendMessageAck) => void) : undefined;
        // Timers can run late (a suspended process): the token is checked again on every event.
        if (Date.now() >= socket.data.expiresAt) {
          ack?.({ ok: false, error: SESSION_EXPIRED });
          return expire();
        }
        const payload = args.length > (ack ? 1 : 0) ? args[0] : undefined;
        // Counted per user, so more sockets do not mean more messages.
        const limit = event === 'sendMessage' ? CHAT_SEND_LIMIT : CHAT_EVENT_LIMIT;
        const work = limiter.enforce(limit, me).then(() => handler(payload, ack));
        const settled = work.catch((error: unknown) => {
          const sentence = sentenceOf(error, app.log);
          if (ack) return ack({ ok: false, error: sentence });
          // Only the id the client itself sent is echoed: it tells nothing about the chat.
          const named = chatEventSchema.safeParse(payload);
          socket.emit('chatError', {
            error: sentence,
            ...(named.success ? { chatId: named.data.chatId } : {}),
          });
        });
        inFlight.add(settled);
        void settled.finally(() => inFlight.delete(settled));
      });
    };

    // The socket joined its user room on connect; the list is getChats' answer alone.
    on('registerUser', async (payload) => {
      assertOwn(socket, parse(registerUserEventSchema, payload).userId);
    });

    on('getChats', async (payload) => {
      assertOwn(socket, parse(getChatsEventSchema, payload).participantId);
      socket.emit('chatsList', await chat.listChats(me));
    });

    on('joinChat', async (payload) => {
      const { chatId } = parse(chatEventSchema, payload);
      const messages = await chat.history(chatId, me);
      await socket.join(chatRoom(chatId));
      socket.emit('chatHistory', { chatId, messages });
      await chat.markRead(chatId, me);
      await pushChat(chatId, [me]);
    });

    on('leaveChat', async (payload) => {
      const { chatId } = parse(chatEventSchema, payload);
      // Refused like every other event for a chat that is not the user's, so none behaves differently.
      if (!socket.rooms.has(chatRoom(chatId))) await chat.accessibleChat(chatId, me);
      await socket.leave(chatRoom(chatId));
    });

    on('markAsRead', async (payload) => {
      const { chatId } = parse(chatEventSchema, payload);
      await chat.markRead(chatId, me);
      await pushChat(chatId, [me]);
    });

    const typing = (event: 'typing' | 'stopTyping') =>
      on(event, async (payload) => {
        const { chatId, userId } = parse(typingEventSchema, payload);
        assertOwn(socket, userId);
        // Joining checked access; a socket outside the room is checked here (no database per keystroke).
        if (!socket.rooms.has(chatRoom(chatId))) await chat.accessibleChat(chatId, me);
        // Only the other party: not this socket, nor this user's other tabs.
        socket.to(chatRoom(chatId)).except(userRoom(me)).emit(event, { chatId, userId });
      });
    typing('typing');
    typing('stopTyping');

    on('sendMessage', async (payload, ack) => {
      const event = parse(sendMessageEventSchema, payload);
      assertOwn(socket, event.senderGoogleId);
      // Stored first: whoever receives newMessage (or the ack) can reload it from the database.
      const { message, participants, stored } = await chat.sendMessage(me, event);
      // A resend of a stored message is only acknowledged: everyone was told of it the first time.
      if (!stored) return ack?.({ ok: true, message });
      io.to([chatRoom(message.chat_id), ...participants.map(userRoom)]).emit('newMessage', message);
      ack?.({ ok: true, message });
      await pushChat(message.chat_id, participants);
    });
  });

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
