/**
 * Buyer–seller chat (docs/product.md §2 Floating chat, §3 Chat / Chat message, §4 Chat, §7 chat calls and socket
 * events). HTTP bodies and socket payloads use the product doc's field names.
 */
import '../zodConfig.js';
import { z } from 'zod';
import { CHAT_MAX_IMAGES, CHAT_MESSAGE_MAX_LENGTH } from '../constants.js';
import { SHOP_KEYS } from '../shops.js';
import { productIdSchema, textInput, wholeNumber } from './common.js';

/** docs/product.md §5 / issue 8: text limit, images per message (kept in constants.ts, which the browser loads without zod). */
export { CHAT_MAX_IMAGES, CHAT_MESSAGE_MAX_LENGTH };
/** How many messages a history holds at most (the newest ones). */
export const CHAT_HISTORY_LIMIT = 500;

export const chatIdSchema = wholeNumber(1, 2_000_000_000);

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
   * (after a lost ack) with the message it already stored instead of storing it twice.
   */
  clientMessageId: z
    .string()
    .regex(/^[\w-]{8,64}$/, { error: 'must be 8 to 64 letters, digits, "-" or "_"' })
    .optional(),
});
export type SendMessageEvent = z.infer<typeof sendMessageEventSchema>;

/** sendMessage's acknowledgement: the stored message, or a sentence saying why not. */
export type SendMessageAck = { ok: true; message: ChatMessage } | { ok: false; error: string };

/** Server → client events. */
export interface ServerToClientEvents {
  /** The whole list: only as the answer to getChats. */
  chatsList: (chats: ChatSummary[]) => void;
  /** One chat of the list changed (a message, a read): as this viewer sees it, to merge into the list. */
  chatUpdated: (chat: ChatSummary) => void;
  chatHistory: (payload: { chatId: number; messages: ChatMessage[] }) => void;
  newMessage: (message: ChatMessage) => void;
  typing: (payload: { chatId: number; userId: string }) => void;
  stopTyping: (payload: { chatId: number; userId: string }) => void;
  /**
   * A refused event: one sentence, never details about chats the user may not see; `chatId` is the one
   * the refused event named (so the browser shows it in that conversation only), absent otherwise.
   */
  chatError: (payload: { error: string; chatId?: number }) => void;
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
