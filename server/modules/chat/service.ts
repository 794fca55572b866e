/**
 * The buyer–seller chat (docs/product.md §4 Chat, docs/architecture.md §6): who may see a chat, its list, history, messages and
 * images. Created once in plugins/chat.ts; the HTTP routes and the socket's handlers both call it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../shared/schemas/buying.js';
import { chatLastMessageText } from '../../../shared/rules/chat.js';
import { formatCountdown } from '../../../shared/rules/display.js';
import {
  CHAT_HISTORY_LIMIT,
  CHAT_IMAGE_NAME,
  type ChatMessage,
  type ChatSummary,
  type SendMessageEvent,
} from '../../../shared/schemas/chat.js';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import type { Config } from '../../config.js';
import type { ChatRow, Database } from '../../db/types.js';
import { badRequest, HttpError, noSuchProduct } from '../../http/errors.js';
import type { RateLimit, RateLimiter } from '../../limits/rate-limit.js';
import * as catalogRepo from '../catalog/index.js';
import {
  isRegularFile,
  resolveInside,
  servableFile,
  toWebp,
  type UploadedFile,
  writeAtomically,
} from '../images/index.js';
import { createMessageWriter, IMAGE_NOT_UPLOADED } from './message-writer.js';
import { presentChat, presentMessage } from './presenter.js';
import * as repo from './repository.js';

/** One sentence for a chat that is missing and for one that is someone else's: neither tells which. */
export const CHAT_NOT_YOURS = 'That chat does not exist or is not yours.';
export const NO_SELLER = 'The seller has not set up chat yet.';
/** The seller's list holds at most this many chats (the ones with the newest activity). */
export const CHAT_LIST_LIMIT = 500;
/** New chats one buyer may start per hour (counted in the database, so every process agrees). */
export const NEW_CHATS_PER_HOUR = 10;
export const TOO_MANY_CHATS = 'You have started too many chats in the last hour. Please try again later.';
export const NOT_OPEN_BOX = 'Chat is only for open-box products.';
export { IMAGE_NOT_UPLOADED } from './message-writer.js';
/** Image uploads per user (every chat, every process with REDIS_URL) per 10 minutes. */
export const CHAT_UPLOADS: RateLimit = {
  name: 'chat-uploads',
  max: 30,
  windowMs: 10 * 60_000,
  sentence: (seconds) =>
    `You have uploaded too many images (at most 30 in 10 minutes). Please try again in ${formatCountdown(seconds)}.`,
};
/** An upload no message showed within this long is removed by the sweep. */
export const UNSENT_IMAGE_MAX_AGE_MS = 24 * 3_600_000;
const SWEEP_BATCH = 500;

export interface StartChatInput {
  productId: number;
  store: ShopKey;
}

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: { db: Kysely<Database>; config: Config; limiter: RateLimiter }) {
  const { db, config, limiter } = deps;
  const sellerId = config.SELLER_USER_ID;
  const imagesRoot = path.join(config.dataDir, 'chat-images');
  const isSeller = (userId: string) => sellerId !== undefined && userId === sellerId;
  const writer = createMessageWriter(db, { maxPending: config.CHAT_MAX_PENDING_MESSAGES });

  /** The chat, when the user is its buyer or the seller; else 403 with the one sentence. */
  async function accessibleChat(chatId: number, userId: string): Promise<ChatRow> {
    const chat = await repo.findChat(db, chatId);
    if (!chat || (chat.buyer_google_id !== userId && !isSeller(userId))) {
      throw new HttpError(403, CHAT_NOT_YOURS);
    }
    return chat;
  }

  const imagePath = (chatId: number, name: string) => `/api/chats/${chatId}/images/${name}`;

  /** Every image of a message must be an upload to this same chat that is still stored; their names. */
  async function checkImages(chatId: number, images: readonly string[]): Promise<string[]> {
    const prefix = imagePath(chatId, '');
    const names = new Set<string>();
    for (const image of images) {
      const name = image.startsWith(prefix) ? image.slice(prefix.length) : '';
      const stored =
        CHAT_IMAGE_NAME.test(name) &&
        (await isRegularFile(await resolveInside(imagesRoot, String(chatId), name)));
      if (!stored) throw badRequest(IMAGE_NOT_UPLOADED);
      names.add(name);
    }
    return [...names];
  }

  return {
    sellerId,
    isSeller,
    accessibleChat,

    /** docs/product.md §7 POST /api/chats: the same buyer and product always get the same chat. */
    async startChat(buyer: SessionUser, input: StartChatInput, now = new Date()): Promise<number> {
      if (sellerId === undefined) throw new HttpError(503, NO_SELLER);
      if (isSeller(buyer.sub)) throw badRequest('You are the seller: buyers start chats with you.');
      const shop = SHOPS[input.store];
      // Chats are about open-box units, which only a shop selling on site has; the others link out.
      if (shop.sells !== 'on-site') throw badRequest(NOT_OPEN_BOX);
      const product = await catalogRepo.findProduct(db, input.store, input.productId);
      if (!product) throw noSuchProduct(shop.name, input.productId);
      const existing = await repo.findBuyerChat(db, buyer.sub, input.store, input.productId);
      if (existing === undefined) {
        const since = new Date(now.getTime() - 3_600_000).toISOString();
        if ((await repo.countChatsStartedSince(db, buyer.sub, since)) >= NEW_CHATS_PER_HOUR) {
          throw new HttpError(429, TOO_MANY_CHATS);
        }
      }
      // Title from the catalogue and name from the session, not the request: a chat cannot be named as
      // something (or someone) else.
      return repo.upsertChat(db, {
        shop: input.store,
        productId: input.productId,
        title: product.title,
        buyerGoogleId: buyer.sub,
        buyerName: buyer.name,
        at: now.toISOString(),
      });
    },

    /** The seller sees every chat, a buyer only their own; newest activity first. */
    async listChats(userId: string): Promise<ChatSummary[]> {
      const rows = await repo.listChats(db, userId, isSeller(userId) ? undefined : userId, CHAT_LIST_LIMIT);
      return rows.map((row) => presentChat(row, sellerId ?? ''));
    },

    /** One chat as this participant's list shows it (after a message or a read), or undefined when gone. */
    async chatFor(chatId: number, userId: string): Promise<ChatSummary | undefined> {
      const row = await repo.findChatForViewer(db, userId, chatId);
      return row && presentChat(row, sellerId ?? '');
    },

    async history(chatId: number, userId: string): Promise<ChatMessage[]> {
      await accessibleChat(chatId, userId);
      return (await repo.findMessages(db, chatId, CHAT_HISTORY_LIMIT)).map(presentMessage);
    },

    async markRead(chatId: number, userId: string): Promise<void> {
      await accessibleChat(chatId, userId);
      await repo.markRead(db, chatId, userId);
    },

    /**
     * Stores a message (docs/product.md §5: text or at least one image) and returns it with the chat's participants,
     * who are told of it once it is stored.
     */
    async sendMessage(
      userId: string,
      event: SendMessageEvent,
      now = new Date(),
    ): Promise<{ message: ChatMessage; participants: string[]; stored: boolean }> {
      // Its place in the writer's queue first (arrival order), or ChatBusyError when the process is full.
      const place = writer.reserve();
      try {
        const chat = await accessibleChat(event.chatId, userId);
        const clientId = event.clientMessageId;
        const resent =
          clientId === undefined
            ? undefined
            : await repo.findMessageByClientId(db, chat.id, userId, clientId);
        if (resent) {
          place.cancel();
          return { message: presentMessage(resent), participants: participantsOf(chat), stored: false };
        }
        if (event.content.trim() === '' && event.images.length === 0) {
          throw badRequest('Write a message or attach an image.');
        }
        const imageNames = await checkImages(chat.id, event.images);
        // Written with the other sends of the moment in one transaction (message-writer.ts); a resend that
        // raced this one is answered with the stored message.
        const { row, stored } = await place.write({
          chatId: chat.id,
          senderGoogleId: userId,
          content: event.content,
          images: event.images,
          imageNames,
          clientMessageId: clientId,
          lastMessage: chatLastMessageText(event.content, event.images.length),
          at: now.toISOString(),
        });
        return { message: presentMessage(row), participants: participantsOf(chat), stored };
      } finally {
        place.cancel();
      }
    },

    /** Sends waiting for their checks or their write (benches and logs). */
    pendingMessages: () => writer.pending(),
    /** A place for a message that just arrived, or undefined when it is to be answered busy (writer.admit). */
    admitSend: () => writer.admit(),
    /** Resolves once every message handed to the writer is written. */
    messagesWritten: () => writer.idle(),
    /** How many messages the writer stored, in how many transactions (/metrics). */
    writeStats: () => writer.stats(),

    participantsOf,

    /**
     * Before an upload's body is read: the chat must be the user's, and the user within CHAT_UPLOADS
     * (every attempt counts, since decoding is the expensive part); else 403 or 429.
     */
    async admitUpload(chatId: number, userId: string): Promise<void> {
      await accessibleChat(chatId, userId);
      await limiter.enforce(CHAT_UPLOADS, userId);
    },

    /**
     * Decodes an upload to .webp and stores it under an unguessable name in the chat's folder, recorded as
     * unsent until a message shows it.
     */
    async storeImage(chatId: number, file: UploadedFile, now = new Date()): Promise<string> {
      const webp = await toWebp(file);
      const dir = await resolveInside(imagesRoot, String(chatId));
      await fs.mkdir(dir, { recursive: true });
      const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
      // Recorded before the file is written: a file on disk always has its row, so the sweep finds it.
      await repo.insertUnsentImage(db, chatId, name, now.toISOString());
      await writeAtomically(await resolveInside(dir, name), webp);
      return imagePath(chatId, name);
    },

    /**
     * Removes the uploads no message showed within UNSENT_IMAGE_MAX_AGE_MS of `now`, and returns how many.
     * Safe in several processes at once: each upload's row is taken by one of them.
     */
    async sweepUnsentImages(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - UNSENT_IMAGE_MAX_AGE_MS).toISOString();
      let removed = 0;
      for (;;) {
        const taken = await repo.takeUnsentImagesBefore(db, before, SWEEP_BATCH);
        for (const { chat_id, name } of taken) {
          await fs.rm(await resolveInside(imagesRoot, String(chat_id), name), { force: true });
        }
        removed += taken.length;
        if (taken.length < SWEEP_BATCH) return removed;
      }
    },

    /** The absolute path of a stored chat image, or undefined when there is none. */
    async imageFile(chatId: number, name: string): Promise<string | undefined> {
      if (!CHAT_IMAGE_NAME.test(name)) return undefined;
      const relative = await servableFile(imagesRoot, String(chatId), name);
      return relative === undefined ? undefined : path.join(imagesRoot, relative);
    },
  };

  function participantsOf(chat: ChatRow): string[] {
    return sellerId === undefined ? [chat.buyer_google_id] : [chat.buyer_google_id, sellerId];
  }
}
