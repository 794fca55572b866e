/**
 * E-mails of chat messages left unread (issue 18). A message to someone with no connected chat socket is
 * e-mailed once it is CHAT_EMAIL_DELAY_SECONDS old if its recipient has still not read it, at most once
 * per chat and side per CHAT_EMAIL_THROTTLE_MINUTES: to the seller at SELLER_EMAIL, to a buyer at the
 * e-mail of their sign-in unless they turned chat e-mails off in /account. A periodic job in every
 * process finds them (runPeriodically); the notice's row is claimed and the e-mail queued in one
 * transaction, so with several processes each e-mail is queued once.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { ChatRow, Database } from '../../db/types.js';
import { runPeriodically } from '../../periodic.js';
import { findChatEmailAddress } from '../buyers/index.js';
import { queueMail, type MailRecipient } from '../mail/index.js';
import { chatEmailContent } from './email-content.js';
import * as repo from './repository.js';

/** The newest unread messages one e-mail quotes; it says how many more there are. */
export const MESSAGES_PER_EMAIL = 5;
/** Chats read at once per side. */
export const CHATS_PER_PAGE = 200;
/**
 * Pages looked at per side and run; the next run takes the rest. Skipped chats (a recipient connected
 * now) are paged past, so they never keep the ones behind them from being told of.
 */
const PAGES_PER_RUN = 10;
/** A message is e-mailed at most this long after it was due (plus the throttle), never from old history. */
const LOOK_BACK_MS = 24 * 3_600_000;

/** Whether the user has a chat socket open now, in any process (the socket's user room). */
export type ConnectedCheck = (userId: string) => Promise<boolean>;

export interface ChatEmailNoticeDeps {
  db: Kysely<Database>;
  config: Config;
  isConnected: ConnectedCheck;
}

export type ChatEmailNotices = ReturnType<typeof createChatEmailNotices>;

export function createChatEmailNotices({ db, config, isConnected }: ChatEmailNoticeDeps) {
  const sellerId = config.SELLER_USER_ID;
  const accountUrl = config.PUBLIC_URL ? new URL('/account', config.PUBLIC_URL).href : '/account';

  /** Who an e-mail to this side of the chat goes to, or undefined when it goes to nobody. */
  async function recipientOf(side: repo.NoticeSide, buyerId: string): Promise<MailRecipient | undefined> {
    if (side === 'seller') return config.SELLER_EMAIL ? 'seller' : undefined;
    const email = await findChatEmailAddress(db, buyerId);
    return email === undefined ? undefined : { buyer: email };
  }

  /** Claims the notice and queues its e-mail in one transaction; true when this call queued it. */
  async function notify(
    chat: ChatRow,
    side: repo.NoticeSide,
    recipientId: string,
    to: MailRecipient,
    at: string,
    throttledAfter: string,
  ): Promise<boolean> {
    const chatId = chat.id;
    return db.transaction().execute(async (trx) => {
      // Read again inside: a read since the search leaves nothing to tell of.
      const { messages, total } = await repo.findUnnotifiedMessages(
        trx,
        chatId,
        side,
        recipientId,
        MESSAGES_PER_EMAIL,
      );
      const newest = messages.at(-1);
      if (!newest) return false;
      const claimed = await repo.claimNotice(trx, {
        chatId,
        side,
        lastMessageId: newest.id,
        at,
        throttledAfter,
      });
      if (!claimed) return false;
      await queueMail(
        trx,
        {
          kind: 'chat_message',
          // The same messages are told of once, even if two claims somehow both won.
          dedupeKey: `chat_message:${chatId}:${side}:${newest.id}`,
          to,
          content: chatEmailContent({ chat, side, messages, total, accountUrl }),
        },
        at,
      );
      return true;
    });
  }

  /** The due chats of one side, page after page (up to PAGES_PER_RUN), oldest due first. */
  async function* chatsToNotify(
    side: repo.NoticeSide,
    seller: string,
    window: repo.NoticeWindow,
  ): AsyncGenerator<number> {
    let after = 0;
    for (let page = 0; page < PAGES_PER_RUN; page += 1) {
      const chats = await repo.findChatsToNotify(db, side, seller, window, CHATS_PER_PAGE, after);
      for (const chat of chats) yield chat.id;
      const last = chats.at(-1);
      if (!last || chats.length < CHATS_PER_PAGE) return;
      after = last.first_message_id;
    }
  }

  return {
    /** One pass of the job at `now`; answers how many e-mails it queued. */
    async run(now = new Date()): Promise<number> {
      if (sellerId === undefined) return 0; // No seller: no chat could have been started.
      const delayMs = config.CHAT_EMAIL_DELAY_SECONDS * 1000;
      const throttleMs = config.CHAT_EMAIL_THROTTLE_MINUTES * 60_000;
      const at = now.toISOString();
      const window: repo.NoticeWindow = {
        since: new Date(now.getTime() - delayMs - throttleMs - LOOK_BACK_MS).toISOString(),
        dueBy: new Date(now.getTime() - delayMs).toISOString(),
        throttledAfter: new Date(now.getTime() - throttleMs).toISOString(),
      };
      let queued = 0;
      for (const side of ['buyer', 'seller'] as const) {
        for await (const chatId of chatsToNotify(side, sellerId, window)) {
          const chat = await repo.findChat(db, chatId);
          if (!chat) continue;
          const recipientId = side === 'buyer' ? chat.buyer_google_id : sellerId;
          const to = await recipientOf(side, chat.buyer_google_id);
          if (!to) continue;
          // Someone connected is told by the socket; the message stays due until read or they leave.
          let connected: boolean;
          try {
            connected = await isConnected(recipientId);
          } catch {
            // Redis away: other processes' sockets cannot be seen, so nobody is e-mailed on a guess. The
            // messages stay due and go once it answers (its outage is logged where it starts and ends).
            return queued;
          }
          if (connected) continue;
          if (await notify(chat, side, recipientId, to, at, window.throttledAfter)) queued += 1;
        }
      }
      return queued;
    },
  };
}

/** Runs the job every `everyMs` in this process (0: never); every process may run it (see above). */
export function scheduleChatEmailNotices(
  app: FastifyInstance,
  notices: ChatEmailNotices,
  everyMs: number,
): void {
  runPeriodically(app, 'chat e-mail notices', everyMs, async () => {
    const queued = await notices.run();
    if (queued > 0) app.log.info({ queued }, 'queued e-mails of unread chat messages');
  });
}
