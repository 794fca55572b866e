/**
 * Writes chat messages in batches (issue 21): the sends that arrive while transactions are committing (or
 * within the same tick) are written together in ONE transaction, so a burst costs one commit, not one each.
 * Each send is answered only after its batch committed; everything about one message other than the write
 * (its chat, its images, its payload) is still checked per message by the service before it gets here.
 *
 * Order: a send takes its place (`reserve`) when it arrives, before its checks run, and a batch takes the
 * places from the front while they are ready, so messages are stored in the order they arrived even when one
 * message's checks take longer. Capacity: at most `maxPending` places at once; past it `reserve` throws
 * ChatBusyError (capacity.ts) and the send is answered busy at once.
 *
 * Resends (clientMessageId) stay stored once: insertMessagesOnce writes nothing for a message already stored
 * (by an earlier batch, another process, or earlier in the same batch) and the stored one is read back. A
 * batch that fails anyway (an image swept meanwhile, a deadlock) is written again one message per transaction,
 * so one bad message fails alone.
 */
import type { Kysely } from 'kysely';
import type { ChatMessageRow, Database } from '../../db/types.js';
import { badRequest } from '../../http/errors.js';
import { ChatBusyError } from './capacity.js';
import * as repo from './repository.js';

export const IMAGE_NOT_UPLOADED = 'Every image must be one uploaded to this chat.';
/** Messages per transaction at most (a bound on how long one commit holds the database). */
const MAX_BATCH = 200;
/**
 * Batches being written at once. One at a time would leave PostgreSQL's other pooled connections idle while
 * one batch's statements go one after another (measured: p50 425 ms at 300 messages/s); a few overlap. They
 * never hold the same chat: a batch stops at the first message whose chat a batch being written holds, so one
 * chat's messages are written one batch after another, in the order they came. SQLite writes one transaction
 * at a time anyway.
 */
const MAX_BATCHES_WRITING = 4;

export interface MessageToWrite extends repo.NewMessage {
  /** The names of its images, each an upload to this chat (the service checked them). */
  imageNames: string[];
}

export interface WrittenMessage {
  row: ChatMessageRow;
  /** false: a resend; the message was stored before and this send wrote nothing. */
  stored: boolean;
}

/** A send's place in the queue: filled with its message once checked, or given up. */
export interface WriterPlace {
  write(message: MessageToWrite): Promise<WrittenMessage>;
  /** The send failed its checks: its place is freed (no-op once written). */
  cancel(): void;
}

interface Place {
  message?: MessageToWrite;
  cancelled: boolean;
  resolve: (written: WrittenMessage) => void;
  reject: (error: unknown) => void;
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;

export function createMessageWriter(db: Kysely<Database>, { maxPending }: { maxPending: number }) {
  const queue: Place[] = [];
  let pending = 0;
  /** Sends let in (admit) that have not taken their place yet: still passing the sender's own limit. */
  let admitted = 0;
  /** Batches being written now. */
  const writing = new Set<Promise<void>>();
  /** The chats of the batches being written (a chat may be in one of them at a time). */
  const chatsWriting = new Set<number>();
  let scheduled = false;
  const counted = { transactions: 0, messages: 0 };

  function schedule(): void {
    if (scheduled || writing.size >= MAX_BATCHES_WRITING) return;
    scheduled = true;
    // The sends of this tick join the batch.
    setImmediate(() => {
      scheduled = false;
      void drain();
    });
  }

  async function drain(): Promise<void> {
    if (writing.size >= MAX_BATCHES_WRITING) return;
    const batch: Array<Place & { message: MessageToWrite }> = [];
    while (queue.length > 0 && batch.length < MAX_BATCH) {
      const place = queue[0]!;
      if (place.cancelled) {
        queue.shift();
        continue;
      }
      if (!place.message || chatsWriting.has(place.message.chatId)) break;
      queue.shift();
      batch.push(place as Place & { message: MessageToWrite });
    }
    if (batch.length === 0) return;
    const chats = new Set(batch.map((place) => place.message.chatId));
    for (const chatId of chats) chatsWriting.add(chatId);
    const written = writeBatch(batch);
    writing.add(written);
    // Another batch may start now if more are ready (up to MAX_BATCHES_WRITING).
    if (queue.length > 0) schedule();
    await written;
    writing.delete(written);
    for (const chatId of chats) chatsWriting.delete(chatId);
    // What arrived while this batch committed is the next batch.
    void drain();
  }

  async function writeBatch(batch: Array<Place & { message: MessageToWrite }>): Promise<void> {
    let results: WrittenMessage[];
    try {
      results = await db.transaction().execute((trx) =>
        writeAll(
          trx,
          batch.map((place) => place.message),
        ),
      );
    } catch (error) {
      if (batch.length === 1) {
        pending -= 1;
        return batch[0]!.reject(error);
      }
      // One message may be the cause: each is written alone, so the others still go through.
      for (const place of batch) await writeBatch([place]);
      return;
    }
    pending -= batch.length;
    counted.transactions += 1;
    counted.messages += results.filter((result) => result.stored).length;
    batch.forEach((place, index) => place.resolve(results[index]!));
  }

  return {
    /** Sends holding a place now (being checked or waiting to be written). */
    pending: () => pending,
    /**
     * Lets a send that just arrived in, before anything else counts it (the sender's own rate limit), or
     * answers undefined when every place is taken: it is then refused busy at once. The returned release
     * is called when the send takes its place (reserve) or ends before; calling it twice does nothing.
     */
    admit(): (() => void) | undefined {
      if (pending + admitted >= maxPending) return undefined;
      admitted += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        admitted -= 1;
      };
    },

    /** Takes a place for a send that just arrived; throws ChatBusyError when the process has no room. */
    reserve(): WriterPlace {
      if (pending >= maxPending) throw new ChatBusyError();
      pending += 1;
      let settled = false;
      const place: Place = { cancelled: false, resolve: () => {}, reject: () => {} };
      const done = new Promise<WrittenMessage>((resolve, reject) => {
        place.resolve = resolve;
        place.reject = reject;
      });
      queue.push(place);
      return {
        write(message) {
          if (settled) throw new Error('A writer place is used once.');
          settled = true;
          place.message = message;
          schedule();
          return done;
        },
        cancel() {
          if (settled) return;
          settled = true;
          place.cancelled = true;
          pending -= 1;
          schedule();
        },
      };
    },

    stats: () => ({ ...counted }),

    /** Resolves once nothing is waiting or being written (a shutdown's last writes). */
    async idle(): Promise<void> {
      while (writing.size > 0 || queue.some((place) => place.message && !place.cancelled)) {
        await (writing.size > 0 ? Promise.all(writing) : new Promise((resolve) => setImmediate(resolve)));
      }
    },
  };
}

/**
 * The batch in one transaction: answers each message's row, in the batch's order. A bounded number of
 * statements whatever the batch's size (each kind once for the whole batch), since on PostgreSQL every
 * statement is a round trip during which the batch's chats stay locked.
 */
async function writeAll(
  trx: Parameters<typeof repo.insertMessagesOnce>[0],
  messages: readonly MessageToWrite[],
): Promise<WrittenMessage[]> {
  // Each chat's last message first (repository.setLastMessages says why, and takes the locks in chat id order).
  const lastOfChat = new Map<number, MessageToWrite>();
  for (const message of messages) lastOfChat.set(message.chatId, message);
  await repo.setLastMessages(
    trx,
    [...lastOfChat.values()].map((last) => ({
      chatId: last.chatId,
      lastMessage: last.lastMessage,
      at: last.at,
    })),
  );
  // In the same transaction: the sweep can no longer take these images, or took one already.
  const images = messages.flatMap((message) =>
    message.imageNames.map((name) => ({ chatId: message.chatId, name, at: message.at })),
  );
  if (images.length > 0) {
    const recorded = await repo.markImagesSent(trx, images);
    if (images.some((image) => !recorded.has(repo.imageKey(image.chatId, image.name))))
      throw badRequest(IMAGE_NOT_UPLOADED);
  }
  const rows = await repo.insertMessagesOnce(trx, messages);
  // The rows come in the batch's order, less the resends: a message with a clientMessageId is matched by it,
  // one without (never skipped) takes the next row without one.
  const key = (chatId: number, sender: string, clientId: string) =>
    `${chatId}\u0000${sender}\u0000${clientId}`;
  const byClientId = new Map<string, ChatMessageRow>();
  const withoutClientId: ChatMessageRow[] = [];
  for (const row of rows) {
    if (row.client_message_id === null) withoutClientId.push(row);
    else byClientId.set(key(row.chat_id, row.sender_google_id, row.client_message_id), row);
  }
  const results: Array<WrittenMessage | undefined> = [];
  /** Resends of a message stored before (by an earlier batch, another process, or earlier in this one). */
  const resent: Array<{ index: number; id: string; message: MessageToWrite & { clientMessageId: string } }> =
    [];
  for (const [index, message] of messages.entries()) {
    if (message.clientMessageId === undefined) {
      const row = withoutClientId.shift();
      if (!row) throw new Error('A message without an id was not written.');
      results.push({ row, stored: true });
      continue;
    }
    const id = key(message.chatId, message.senderGoogleId, message.clientMessageId);
    const row = byClientId.get(id);
    if (row) {
      // A second copy later in this batch is a resend of this one.
      byClientId.delete(id);
      results.push({ row, stored: true });
      continue;
    }
    results.push(undefined);
    resent.push({ index, id, message: { ...message, clientMessageId: message.clientMessageId } });
  }
  // Each resend is answered with the stored one, read in one statement for the batch.
  const earlier = new Map(
    (
      await repo.findMessagesByClientId(
        trx,
        resent.map(({ message }) => message),
      )
    ).map((row) => [key(row.chat_id, row.sender_google_id, row.client_message_id!), row]),
  );
  for (const { index, id } of resent) {
    const row = earlier.get(id);
    if (!row) throw new Error('A message was refused by the database without an earlier copy.');
    results[index] = { row, stored: false };
  }
  const written = results as WrittenMessage[];
  // Each sender has read everything up to their own (newest) message.
  const reads = new Map<string, { chatId: number; userId: string; messageId: number }>();
  for (const { row, stored } of written) {
    if (!stored) continue;
    reads.set(`${row.chat_id}:${row.sender_google_id}`, {
      chatId: row.chat_id,
      userId: row.sender_google_id,
      messageId: row.id,
    });
  }
  await repo.markReadUpTo(trx, [...reads.values()]);
  return written;
}
