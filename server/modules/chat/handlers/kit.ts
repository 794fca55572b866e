/**
 * What every chat event handler shares: the socket's types, the rooms, payload checks and the sentence a
 * failed event answers with. The handlers (join.ts, read.ts, typing.ts, send.ts) and the socket that wires
 * them (../socket.ts) import it; it imports none of them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { SessionUser } from '../../../../shared/schemas/buying.js';
import type {
  ClientToServerEvents,
  SendMessageAck,
  ServerToClientEvents,
} from '../../../../shared/schemas/chat.js';
import { databaseFault } from '../../../http/error-handler.js';
import { HttpError } from '../../../http/errors.js';
import { ChatBusyError } from '../capacity.js';
import type { ChatService } from '../service.js';

export interface ChatSocketData {
  user: SessionUser;
  /** When the handshake's token runs out (ms since epoch): after it, the socket is closed. */
  expiresAt: number;
  /** The session its token opened (the buyers module's session id): sign-out closes that session's sockets. */
  sessionId: string;
}
type InterServerEvents = Record<string, never>;
export type ChatServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  ChatSocketData
>;
export type ChatSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  ChatSocketData
>;

export const NOT_YOUR_ACCOUNT = 'That account is not yours.';
export const TOO_FAST = 'You are sending too fast. Please wait a few seconds.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
const FAILED = 'Something went wrong on our side. Please try again.';

export const userRoom = (userId: string) => `user:${userId}`;
export const chatRoom = (chatId: number) => `chat:${chatId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** One event's handler: the payload as sent, and the client's acknowledgement callback if it sent one. */
export type ChatEventHandler = (
  payload: unknown,
  ack: ((answer: SendMessageAck) => void) | undefined,
) => Promise<void>;

/** What a family of handlers gets for one connected socket. */
export interface ChatEventContext {
  io: ChatServer;
  socket: ChatSocket;
  chat: ChatService;
  /** The signed-in user of this socket. */
  me: string;
  /** Runs the handler for each arrival of the event (run-event.ts). */
  on: (event: keyof ClientToServerEvents, handler: ChatEventHandler) => void;
}

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

export function parse<T extends z.ZodType>(schema: T, payload: unknown): z.infer<T> {
  const result = schema.safeParse(payload);
  if (!result.success) throw new Refusal(payloadSentence(result.error));
  return result.data;
}

export function assertOwn(socket: ChatSocket, userId: string): void {
  if (userId !== socket.data.user.sub) throw new Refusal(NOT_YOUR_ACCOUNT);
}

/** What the user is told when an event fails: our own sentences as they are, anything unforeseen logged. */
export function sentenceOf(error: unknown, log: FastifyBaseLogger): string {
  if (error instanceof Refusal || error instanceof ChatBusyError) return error.message;
  if (error instanceof HttpError && (error.statusCode < 500 || error.statusCode === 503))
    return error.message;
  const fault = databaseFault(error);
  if (fault) return fault.sentence;
  log.error({ err: error }, 'chat socket event failed');
  return FAILED;
}

/**
 * The one chat that changed, as each participant sees it (unread counts differ per viewer): one row per
 * participant, never their whole list.
 */
export async function pushChat(
  { io, chat }: Pick<ChatEventContext, 'io' | 'chat'>,
  chatId: number,
  userIds: readonly string[],
): Promise<void> {
  await Promise.all(
    userIds.map(async (userId) => {
      const summary = await chat.chatFor(chatId, userId);
      if (summary) io.to(userRoom(userId)).emit('chatUpdated', summary);
    }),
  );
}
