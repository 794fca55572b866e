/** All SQL of the chat. Every function takes the database or a transaction. */
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { ChatMessageRow, ChatRow, Database } from '../../db/types.js';

type Db = Kysely<Database> | Transaction<Database>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export interface NewChat {
  shop: string;
  productId: number;
  title: string;
  buyerGoogleId: string;
  buyerName: string;
  at: string;
}

/**
 * The chat of this buyer about this product: created the first time, the same row every later time. One
 * statement, so two starts at once cannot make two chats; the buyer's latest name is kept.
 */
export async function upsertChat(db: Db, chat: NewChat): Promise<number> {
  const row = await db
    .insertInto('chats')
    .values({
      shop: chat.shop,
      product_id: chat.productId,
      title: chat.title,
      buyer_google_id: chat.buyerGoogleId,
      buyer_name: chat.buyerName,
      created_at: chat.at,
      last_activity: chat.at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['buyer_google_id', 'shop', 'product_id'])
        .doUpdateSet((eb) => ({ buyer_name: eb.ref('excluded.buyer_name') })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findChat(db: Db, chatId: number): Promise<ChatRow | undefined> {
  return db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
}

export type ChatListRow = ChatRow & { unread_count: number };

/** Chats with, for the viewer, the messages from the other party after the viewer's read marker. */
function chatsWithUnread(db: Db, viewerId: string) {
  return db
    .selectFrom('chats as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('chat_messages as m')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('m.chat_id', '=', 'c.id')
        .where('m.sender_google_id', '<>', viewerId)
        .where(
          'm.id',
          '>',
          sql<number>`coalesce((select r.last_read_message_id from chat_reads r
            where r.chat_id = c.id and r.user_id = ${viewerId}), 0)`,
        )
        .as('unread_count'),
    );
}

// COUNT comes back from PostgreSQL as a string (int8).
const withCount = <T extends { unread_count: number | string | null }>(row: T) => ({
  ...row,
  unread_count: Number(row.unread_count ?? 0),
});

/**
 * The chats a viewer sees, newest activity first (the chats_activity indexes). `buyerGoogleId` undefined
 * is the seller: every chat that has a message (a chat nobody wrote in yet is the buyer's alone).
 */
export async function listChats(
  db: Db,
  viewerId: string,
  buyerGoogleId: string | undefined,
  limit: number,
): Promise<ChatListRow[]> {
  let query = chatsWithUnread(db, viewerId);
  query =
    buyerGoogleId !== undefined
      ? query.where('c.buyer_google_id', '=', buyerGoogleId)
      : query.where('c.last_message_time', 'is not', null);
  const rows = await query.orderBy('c.last_activity', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  return rows.map(withCount);
}

/** One chat as `viewerId` sees it in the list (for a per-chat update). */
export async function findChatForViewer(
  db: Db,
  viewerId: string,
  chatId: number,
): Promise<ChatListRow | undefined> {
  const row = await chatsWithUnread(db, viewerId).where('c.id', '=', chatId).executeTakeFirst();
  return row && withCount(row);
}

/** How many chats the buyer started since `since` (the per-user limit on new chats). */
export async function countChatsStartedSince(db: Db, buyerGoogleId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('chats')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('buyer_google_id', '=', buyerGoogleId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The chat of this buyer about this product, if there is one. */
export async function findBuyerChat(
  db: Db,
  buyerGoogleId: string,
  shop: string,
  productId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('chats')
    .select('id')
    .where('buyer_google_id', '=', buyerGoogleId)
    .where('shop', '=', shop)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row?.id;
}

/** The newest `limit` messages of a chat, oldest first. */
export async function findMessages(db: Db, chatId: number, limit: number): Promise<ChatMessageRow[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('chat_id', '=', chatId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** The message this sender already stored under this client id, if any. */
export async function findMessageByClientId(
  db: Db,
  chatId: number,
  senderGoogleId: string,
  clientMessageId: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await findMessagesByClientId(db, [{ chatId, senderGoogleId, clientMessageId }]);
  return row;
}

export interface ClientMessageKey {
  chatId: number;
  senderGoogleId: string;
  clientMessageId: string;
}

/** The messages already stored under these client ids (in any order; one per key at most), in one statement. */
export async function findMessagesByClientId(
  db: Db,
  keys: readonly ClientMessageKey[],
): Promise<ChatMessageRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where((eb) =>
      eb.or(
        keys.map((key) =>
          eb.and({
            chat_id: key.chatId,
            sender_google_id: key.senderGoogleId,
            client_message_id: key.clientMessageId,
          }),
        ),
      ),
    )
    .execute();
}

export interface NewMessage {
  chatId: number;
  senderGoogleId: string;
  content: string;
  images: string[];
  clientMessageId: string | undefined;
  lastMessage: string;
  at: string;
}

/**
 * Stores a message and makes it the chat's last one. The chat row is updated first: its lock orders two
 * sends to one chat, so the later id is always the one the list shows.
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<ChatMessageRow> {
  await setLastMessage(db, message.chatId, message.lastMessage, message.at);
  return db.insertInto('chat_messages').values(messageRow(message)).returningAll().executeTakeFirstOrThrow();
}

/** A new message's row. */
function messageRow(message: NewMessage) {
  return {
    chat_id: message.chatId,
    sender_google_id: message.senderGoogleId,
    content: message.content,
    images: JSON.stringify(message.images),
    created_at: message.at,
    client_message_id: message.clientMessageId ?? null,
  };
}

/** Makes this the chat's last message (insertMessage: a message written alone). */
async function setLastMessage(db: Db, chatId: number, lastMessage: string, at: string): Promise<void> {
  await db
    .updateTable('chats')
    .set({ last_message: lastMessage, last_message_time: at, last_activity: at })
    .where('id', '=', chatId)
    .execute();
}

export interface LastMessage {
  chatId: number;
  lastMessage: string;
  at: string;
}

/**
 * The message writer's half of insertMessage (message-writer.ts): makes each of these the last message of its
 * chat (a chat at most once), before the batch's messages are inserted, so the chat row's lock orders two
 * processes' batches (the later id is the one the list shows). The rows are locked in chat id order, so two
 * batches sharing chats never wait on each other in a circle: on PostgreSQL by a SELECT … ORDER BY id FOR
 * UPDATE first, since the order in which one UPDATE … FROM reaches its rows is the plan's (a hash join goes in
 * the table's physical order); SQLite has one writer at a time and no row locks. Two statements whatever the
 * batch's size (one on SQLite), not one per chat.
 */
export async function setLastMessages(db: Db, lasts: readonly LastMessage[]): Promise<void> {
  if (lasts.length === 0) return;
  // One chat (most batches at a low rate): its lock alone cannot make a circle, and a plain UPDATE is one
  // round trip where the lock and the UPDATE … FROM are two.
  if (lasts.length === 1) return setLastMessage(db, lasts[0]!.chatId, lasts[0]!.lastMessage, lasts[0]!.at);
  if (isPostgres(db)) {
    await db
      .selectFrom('chats')
      .select('id')
      .where(
        'id',
        'in',
        lasts.map((last) => last.chatId),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  // A CTE with named columns: SQLite has no column aliases on a VALUES in FROM. The id is cast because
  // PostgreSQL takes an untyped VALUES column as text.
  const rows = lasts.map((last) => sql`(cast(${last.chatId} as integer), ${last.lastMessage}, ${last.at})`);
  await db
    .with(
      'v(id, last_message, at)',
      () => sql<{ id: number; last_message: string; at: string }>`(values ${sql.join(rows)})`,
    )
    .updateTable('chats')
    .from('v')
    .set((eb) => ({
      last_message: eb.ref('v.last_message'),
      last_message_time: eb.ref('v.at'),
      last_activity: eb.ref('v.at'),
    }))
    .whereRef('chats.id', '=', 'v.id')
    .execute();
}

/**
 * Inserts a batch of messages in one statement, skipping each one the sender already stored with its
 * clientMessageId in its chat (the unique index chat_messages_client_id; also a second copy within the batch)
 * without failing the others or the transaction. Answers the rows written, in id order (the order given).
 */
export async function insertMessagesOnce(db: Db, messages: readonly NewMessage[]): Promise<ChatMessageRow[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insertInto('chat_messages')
    .values(messages.map(messageRow))
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Each reader has read their chat up to the given message (never back): one statement for a batch, each
 * (chat, user) at most once.
 */
export async function markReadUpTo(
  db: Db,
  marks: ReadonlyArray<{ chatId: number; userId: string; messageId: number }>,
): Promise<void> {
  if (marks.length === 0) return;
  await db
    .insertInto('chat_reads')
    .values(
      marks.map((mark) => ({
        chat_id: mark.chatId,
        user_id: mark.userId,
        last_read_message_id: mark.messageId,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['chat_id', 'user_id']).doUpdateSet({
        last_read_message_id: sql<number>`case when chat_reads.last_read_message_id > excluded.last_read_message_id
          then chat_reads.last_read_message_id else excluded.last_read_message_id end`,
      }),
    )
    .execute();
}

/** Moves the user's read marker to the chat's newest message (never backwards). */
export async function markRead(db: Db, chatId: number, userId: string): Promise<void> {
  const newest = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
  const lastId = Number(newest?.id ?? 0);
  await db
    .insertInto('chat_reads')
    .values({ chat_id: chatId, user_id: userId, last_read_message_id: lastId })
    .onConflict((conflict) =>
      conflict.columns(['chat_id', 'user_id']).doUpdateSet({
        last_read_message_id: sql<number>`case when chat_reads.last_read_message_id > ${lastId}
          then chat_reads.last_read_message_id else ${lastId} end`,
      }),
    )
    .execute();
}

/** Records an upload as not yet shown in any message. */
export async function insertUnsentImage(db: Db, chatId: number, name: string, at: string): Promise<void> {
  await db
    .insertInto('chat_images')
    .values({ chat_id: chatId, name, uploaded_at: at, sent_at: null })
    .execute();
}

export interface SentImage {
  chatId: number;
  name: string;
  /** When the message showing it was sent (a row already sent keeps its first time). */
  at: string;
}

/** How imagesSent names an image in its answer. */
export const imageKey = (chatId: number, name: string) => `${chatId}/${name}`;

/**
 * Marks these uploads as sent, in one statement for a whole batch of messages, and answers the ones recorded
 * (imageKey): one asked for and missing was never uploaded to that chat or was already removed as unsent.
 */
export async function markImagesSent(db: Db, images: readonly SentImage[]): Promise<Set<string>> {
  // Each image once: an UPDATE … FROM uses one of the rows that match a row of the table, whichever it meets.
  const unique = new Map<string, SentImage>();
  for (const image of images) {
    const key = imageKey(image.chatId, image.name);
    if (!unique.has(key)) unique.set(key, image);
  }
  if (unique.size === 0) return new Set();
  const rows = [...unique.values()].map(
    (image) => sql`(cast(${image.chatId} as integer), ${image.name}, ${image.at})`,
  );
  const recorded = await db
    .with(
      'i(chat_id, name, at)',
      () => sql<{ chat_id: number; name: string; at: string }>`(values ${sql.join(rows)})`,
    )
    .updateTable('chat_images')
    .from('i')
    .set({ sent_at: sql<string>`coalesce(chat_images.sent_at, i.at)` })
    .whereRef('chat_images.chat_id', '=', 'i.chat_id')
    .whereRef('chat_images.name', '=', 'i.name')
    .returning(['chat_images.chat_id', 'chat_images.name'])
    .execute();
  return new Set(recorded.map((row) => imageKey(row.chat_id, row.name)));
}

/**
 * Deletes up to `limit` uploads still unsent that came before `before`, and returns them (the caller
 * removes their files). The row goes first: a send that marks it in the meantime finds it gone and is
 * refused, rather than showing a file about to be deleted; `sent_at is null` is checked again on the row
 * itself, so a send that marked it first keeps it. Each row is taken by one process only.
 */
export async function takeUnsentImagesBefore(
  db: Db,
  before: string,
  limit: number,
): Promise<{ chat_id: number; name: string }[]> {
  return db
    .deleteFrom('chat_images')
    .where('sent_at', 'is', null)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('chat_images')
        .select('id')
        .where('sent_at', 'is', null)
        .where('uploaded_at', '<', before)
        .orderBy('uploaded_at')
        .limit(limit),
    )
    .returning(['chat_id', 'name'])
    .execute();
}

// ── E-mails of unread messages (email-notices.ts) ─────────────────────────────────────────────────────

export type NoticeSide = 'buyer' | 'seller';

export interface NoticeWindow {
  /** Messages sent after this are still looked at (bounds the scan; older ones are never e-mailed). */
  since: string;
  /** Messages sent at or before this are due (CHAT_EMAIL_DELAY_SECONDS ago). */
  dueBy: string;
  /** A side last e-mailed after this is throttled (CHAT_EMAIL_THROTTLE_MINUTES ago). */
  throttledAfter: string;
}

/** One page of findChatsToNotify: a chat and its oldest due message (the page's order and cursor). */
export interface ChatToNotify {
  id: number;
  first_message_id: number;
}

/**
 * The chats with a due message to `side` (the buyer, or the seller `sellerId`) that its recipient has not
 * read and no e-mail told of, where that side was not e-mailed within the throttle; a buyer only while
 * they want chat e-mails. Oldest due first, one page of `limit` after the chat whose oldest due message
 * was `after` (0: from the start), so chats the caller skips (a recipient connected now) do not hide
 * the ones behind them.
 */
export async function findChatsToNotify(
  db: Db,
  side: NoticeSide,
  sellerId: string,
  window: NoticeWindow,
  limit: number,
  after = 0,
): Promise<ChatToNotify[]> {
  const recipient = side === 'buyer' ? sql.ref('c.buyer_google_id') : sql`${sellerId}`;
  const firstMessageId = sql<number>`min(m.id)`;
  const rows = await db
    .selectFrom('chat_messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .leftJoin('chat_email_notices as n', (join) =>
      join.onRef('n.chat_id', '=', 'c.id').on('n.recipient', '=', side),
    )
    .select(['c.id', firstMessageId.as('first_message_id')])
    .$if(side === 'buyer', (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('users as u')
            .select('u.id')
            .whereRef('u.id', '=', 'c.buyer_google_id')
            .where('u.chat_emails', '=', 1),
        ),
      ),
    )
    .where('m.created_at', '>', window.since)
    .where('m.created_at', '<=', window.dueBy)
    .where(sql<boolean>`m.sender_google_id <> ${recipient}`)
    .where(
      'm.id',
      '>',
      sql<number>`coalesce((select r.last_read_message_id from chat_reads r
        where r.chat_id = c.id and r.user_id = ${recipient}), 0)`,
    )
    .where('m.id', '>', sql<number>`coalesce(n.last_message_id, 0)`)
    .where((eb) => eb.or([eb('n.queued_at', 'is', null), eb('n.queued_at', '<=', window.throttledAfter)]))
    .groupBy('c.id')
    .having(firstMessageId, '>', after)
    .orderBy(firstMessageId)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, first_message_id: Number(row.first_message_id) }));
}

/**
 * The messages of a chat to `recipientId` that they have not read and no e-mail told of: the newest
 * `limit` (oldest first) and how many there are in all.
 */
export async function findUnnotifiedMessages(
  db: Db,
  chatId: number,
  side: NoticeSide,
  recipientId: string,
  limit: number,
): Promise<{ messages: ChatMessageRow[]; total: number }> {
  const unnotified = db
    .selectFrom('chat_messages as m')
    .where('m.chat_id', '=', chatId)
    .where('m.sender_google_id', '<>', recipientId)
    .where(
      'm.id',
      '>',
      sql<number>`coalesce((select r.last_read_message_id from chat_reads r
        where r.chat_id = ${chatId} and r.user_id = ${recipientId}), 0)`,
    )
    .where(
      'm.id',
      '>',
      sql<number>`coalesce((select n.last_message_id from chat_email_notices n
        where n.chat_id = ${chatId} and n.recipient = ${side}), 0)`,
    );
  const messages = await unnotified.selectAll('m').orderBy('m.id', 'desc').limit(limit).execute();
  const count = await unnotified.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return { messages: messages.reverse(), total: Number(count?.n ?? 0) };
}

/**
 * Records that `side` of the chat is e-mailed now about the messages up to `lastMessageId`, unless it was
 * e-mailed within the throttle or about these messages already; true when this call recorded it. One
 * statement on the notice's primary key: of several processes running the job at once, one wins.
 */
export async function claimNotice(
  db: Db,
  notice: { chatId: number; side: NoticeSide; lastMessageId: number; at: string; throttledAfter: string },
): Promise<boolean> {
  const row = await db
    .insertInto('chat_email_notices')
    .values({
      chat_id: notice.chatId,
      recipient: notice.side,
      last_message_id: notice.lastMessageId,
      queued_at: notice.at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['chat_id', 'recipient'])
        .doUpdateSet((eb) => ({
          last_message_id: eb.ref('excluded.last_message_id'),
          queued_at: eb.ref('excluded.queued_at'),
        }))
        .where('chat_email_notices.queued_at', '<=', notice.throttledAfter)
        .whereRef('chat_email_notices.last_message_id', '<', 'excluded.last_message_id'),
    )
    .returning('chat_id')
    .executeTakeFirst();
  return row !== undefined;
}
