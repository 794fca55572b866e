/**
 * Buyer–seller chat (docs/product.md §2 Floating chat, §3 Chat / Chat message, §4 Chat, §7 chat calls and socket
 * events). HTTP bodies and socket payloads use the product doc's field names.
 */
import '../zodConfig.js';
import { z } from 'zod';
import { CHAT_MAX_IMAGES, CHAT_MESSAGE_MAX_LENGTH } from '../constants.js';
import { SHOP_KEYS } from '../shops.js';
import { databaseIdSchema, productIdSchema, textInput } from './common.js';

/** docs/product.md §5 / issue 8: text limit, images per message (kept in constants.ts, which the browser loads without zod). */
export { CHAT_MAX_IMAGES, CHAT_MESSAGE_MAX_LENGTH };
/** How many messages a history holds at most (the newest ones). */
export const CHAT_HISTORY_LIMIT = 500;

export const chatIdSchema = databaseIdSchema;

/** A stored chat image's file name (random, never reused) and the path the server answers for it. */
export const CHAT_IMAGE_NAME = /^[0-9a-f]{32}\.webp$/;
export const CHAT_IMAGE_PATH = /^\/api\/chats\/[1-9]\d*\/images\/[0-9a-f]{32}\.webp$/;
export const chatIdParamsSchema = z.object({ chatId: chatIdSchema });

/** POST /api/chats (docs/product.md §7): the buyer opens (or reopens) the chat about one product. */
export const startChatBodySchema = z.object({
  productId: productIdSchema,
  title: textInput().trim().max(300),
  buyer_name: textInput().trim().min(1).max(100),
  store: z.enum(SHOP_KEYS, { error: `must be one of ${SHOP_KEYS.join(', ')}` }),
  buyerGoogleId: textInput().trim().min(1).max(255),
});
export const startChatResponseSchema = z.object({ id: z.number().int() });

/** POST /api/chats/{chatId}/upload answers where the stored image is. */
export const chatUploadResponseSchema = z.object({ filePath: z.string() });

/** A chat as the list shows it (docs/product.md §3 Chat, plus who the buyer is and how many messages are unread). */
export const chatSummarySchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  store: z.string(),
  title: z.string(),
  buyer_name: z.string(),
  buyer_google_id: z.string(),
  seller_google_id: z.string(),
  last_message: z.string(),
  last_message_time: z.string().nullable(),
  has_unread_messages: z.boolean(),
  unread_count: z.number().int(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** A message (docs/product.md §3 Chat message); chat_id too, since newMessage carries it. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  sender_google_id: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

// ── Socket events (docs/product.md §7): what the client sends ───────────────────────────────────────────────────

const userIdField = textInput().min(1).max(255);
export const registerUserEventSchema = z.object({ userId: userIdField });
export const getChatsEventSchema = z.object({ participantId: userIdField });
export const chatEventSchema = z.object({ chatId: chatIdSchema });
export const typingEventSchema = z.object({ chatId: chatIdSchema, userId: userIdField });
export const sendMessageEventSchema = z.object({
  chatId: chatIdSchema,
  senderGoogleId: userIdField,
  content: textInput().max(CHAT_MESSAGE_MAX_LENGTH, {
    error: `must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
  }),
  images: z
    .array(textInput().max(200), { error: 'must be a list of uploaded image paths' })
    .max(CHAT_MAX_IMAGES, { error: `may hold at most ${CHAT_MAX_IMAGES} images` })
    .default([]),
  /**
   * Made by the client once per message and sent again with its resend: the server answers a resend
   * (after a lost ack) with the message it already stored instead of storing it twice (per chat and
   * sender: the unique index chat_messages_client_id).
   */
  clientMessageId: z
    .string()
    .regex(/^[\w-]{8,64}$/, { error: 'must be 8 to 64 letters, digits, "-" or "_"' })
    .optional(),
});
export type SendMessageEvent = z.infer<typeof sendMessageEventSchema>;

// ── Socket events: what the server sends ──────────────────────────────────────────────────────────────────────────

/** sendMessage's acknowledgement: the stored message, or a sentence saying why not. */
export const sendMessageAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: chatMessageSchema }),
  z.object({
    ok: z.literal(false),
    error: z.string(),
    /**
     * Only on a busy refusal (the server could not take the message now; nothing was stored): the
     * milliseconds after which the client sends it again, with the same clientMessageId.
     */
    retryAfter: z.number().int().nonnegative().optional(),
  }),
]);
export type SendMessageAck = z.infer<typeof sendMessageAckSchema>;

export const chatHistoryPayloadSchema = z.object({
  chatId: z.number().int(),
  messages: z.array(chatMessageSchema),
});
export const typingPayloadSchema = z.object({ chatId: z.number().int(), userId: z.string() });
/**
 * A refused event: one sentence, never details about chats the user may not see; `chatId` is the one
 * the refused event named (so the browser shows it in that conversation only), absent otherwise.
 */
export const chatErrorPayloadSchema = z.object({ error: z.string(), chatId: z.number().int().optional() });

/** Server → client events. */
export interface ServerToClientEvents {
  /** The whole list: only as the answer to getChats. */
  chatsList: (chats: ChatSummary[]) => void;
  /** One chat of the list changed (a message, a read): as this viewer sees it, to merge into the list. */
  chatUpdated: (chat: ChatSummary) => void;
  chatHistory: (payload: z.infer<typeof chatHistoryPayloadSchema>) => void;
  newMessage: (message: ChatMessage) => void;
  typing: (payload: z.infer<typeof typingPayloadSchema>) => void;
  stopTyping: (payload: z.infer<typeof typingPayloadSchema>) => void;
  chatError: (payload: z.infer<typeof chatErrorPayloadSchema>) => void;
}

/** Client → server events. */
export interface ClientToServerEvents {
  registerUser: (payload: { userId: string }) => void;
  getChats: (payload: { participantId: string }) => void;
  joinChat: (payload: { chatId: number }) => void;
  leaveChat: (payload: { chatId: number }) => void;
  markAsRead: (payload: { chatId: number }) => void;
  typing: (payload: { chatId: number; userId: string }) => void;
  stopTyping: (payload: { chatId: number; userId: string }) => void;
  sendMessage: (payload: SendMessageEvent, ack?: (answer: SendMessageAck) => void) => void;
}

interface SocketEvent {
  /** What it does or means, in a sentence or two. */
  about: string;
  payload: z.ZodType;
  /** sendMessage's acknowledgement (socket.io's callback argument). */
  ack?: z.ZodType;
}

/**
 * Every socket event with its payload schema: the one list docs/api.md's socket.io section is written
 * from (scripts/chat-events-doc.ts; a test fails when the written section is stale). The keys are the
 * two event interfaces' own, so an event cannot be added to one without the other.
 */
export const CHAT_SOCKET_EVENTS: {
  clientToServer: Record<keyof ClientToServerEvents, SocketEvent>;
  serverToClient: Record<keyof ServerToClientEvents, SocketEvent>;
} = {
  clientToServer: {
    registerUser: {
      about: 'Says who the socket is (its own user id; the session token already said so). Answers nothing.',
      payload: registerUserEventSchema,
    },
    getChats: {
      about: 'Asks for the user’s chats: answered with `chatsList`.',
      payload: getChatsEventSchema,
    },
    joinChat: {
      about:
        'Opens a chat: answered with `chatHistory`, then marks it read (a `chatUpdated` to the user’s tabs); the socket gets the chat’s typing notices until `leaveChat`.',
      payload: chatEventSchema,
    },
    leaveChat: { about: 'Stops the typing notices of a chat.', payload: chatEventSchema },
    markAsRead: {
      about: 'Marks a chat read: a `chatUpdated` with no unread messages to the user’s tabs.',
      payload: chatEventSchema,
    },
    typing: {
      about: 'The user is typing: relayed to the other party as `typing`.',
      payload: typingEventSchema,
    },
    stopTyping: {
      about: 'The user stopped typing: relayed to the other party as `stopTyping`.',
      payload: typingEventSchema,
    },
    sendMessage: {
      about:
        'Sends a message (text and/or images uploaded with POST /api/chats/{chatId}/upload): stored, then `newMessage` to both parties and `chatUpdated` to their lists. `clientMessageId` is the message’s own id, made by the client once per message: a resend with the same id by the same sender to the same chat, on any connection and even at the same moment, is answered with the message already stored and told to no one again. The browser sends a message again, once, when a dropped connection lost its answer, on reconnecting. When the server holds more messages than it can take (CHAT_MAX_PENDING_MESSAGES) it answers at once `{ ok: false, error, retryAfter }` and stores nothing: `retryAfter` is in milliseconds, after which the browser sends the same message again (same `clientMessageId`), showing the chat as busy meanwhile, not an error.',
      payload: sendMessageEventSchema,
      ack: sendMessageAckSchema,
    },
  },
  serverToClient: {
    chatsList: { about: 'The user’s chats: the answer to `getChats`.', payload: z.array(chatSummarySchema) },
    chatUpdated: {
      about:
        'One chat of the list changed (a message, a read), as this user sees it: merge it into the list.',
      payload: chatSummarySchema,
    },
    chatHistory: {
      about: `A chat’s messages (the newest ${CHAT_HISTORY_LIMIT}): the answer to \`joinChat\`.`,
      payload: chatHistoryPayloadSchema,
    },
    newMessage: { about: 'A message in one of the user’s chats.', payload: chatMessageSchema },
    typing: {
      about: 'The other party is typing in a chat this socket joined.',
      payload: typingPayloadSchema,
    },
    stopTyping: { about: 'The other party stopped typing.', payload: typingPayloadSchema },
    chatError: {
      about:
        'An event was refused (bad payload, not the user’s chat, too many events, session expired): one sentence; `chatId` when the event named one.',
      payload: chatErrorPayloadSchema,
    },
  },
};
