/**
 * The message writer on the real database, both dialects (issue 21): a batch of many chats' messages is written
 * in a number of statements that does not grow with the batch (every statement is a round trip on PostgreSQL
 * while the batch's chats are locked), and is still written right: each chat's last message, its images
 * marked sent, resends answered with the stored message, the senders' read markers.
 */
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { createMessageWriter, IMAGE_NOT_UPLOADED, type MessageToWrite } from './message-writer.js';
import { insertUnsentImage, upsertChat } from './repository.js';

/** Counts the statements run through it, by kind (SelectQueryNode, UpdateQueryNode, …). */
class StatementCounter implements KyselyPlugin {
  readonly kinds: string[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.kinds.push(node.kind);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

const AT = '2026-11-27T00:00:00.000Z';
const at = (second: number) => new Date(Date.parse(AT) + second * 1000).toISOString();

describe.each(TEST_DIALECTS)('message writer on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function startChats(prefix: string, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.push(
        await upsertChat(t.handle.db, {
          shop: 'ayz',
          productId: index + 1,
          title: 'A laptop',
          buyerGoogleId: `${prefix}-${index}`,
          buyerName: `Buyer ${index}`,
          at: AT,
        }),
      );
    }
    return ids;
  }

  const message = (chatId: number, sender: string, n: number, extra: Partial<MessageToWrite> = {}) => ({
    chatId,
    senderGoogleId: sender,
    content: `message ${n}`,
    images: [],
    imageNames: [],
    clientMessageId: `${sender}-${n}`,
    lastMessage: `message ${n}`,
    at: at(n),
    ...extra,
  });

  /** Writes the messages as one batch: every place is taken and filled in the same tick. */
  function writeTogether(writer: ReturnType<typeof createMessageWriter>, messages: MessageToWrite[]) {
    const places = messages.map(() => writer.reserve());
    return Promise.allSettled(messages.map((m, index) => places[index]!.write(m)));
  }

  it('writes a batch of 90 chats (183 messages) in a bounded number of statements, each chat ending on its newest message', async () => {
    const chats = await startChats('bounded', 90);
    const [first, second, third] = chats as [number, number, number];
    await insertUnsentImage(t.handle.db, first, 'a.webp', AT);
    await insertUnsentImage(t.handle.db, second, 'b.webp', AT);
    // A message stored before: its resend in the batch is answered with it.
    const earlierWriter = createMessageWriter(t.handle.db, { maxPending: 10 });
    const [earlier] = await writeTogether(earlierWriter, [message(third, 'bounded-2', 0)]);
    expect(earlier).toMatchObject({ status: 'fulfilled', value: { stored: true } });

    const counter = new StatementCounter();
    const writer = createMessageWriter(t.handle.db.withPlugin(counter), { maxPending: 1000 });
    const messages: MessageToWrite[] = [
      message(third, 'bounded-2', 0),
      ...chats.flatMap((chatId, index) => [
        message(chatId, `bounded-${index}`, 1),
        message(chatId, 'seller', 2, index === 0 ? { imageNames: ['a.webp'] } : {}),
      ]),
      message(second, 'seller', 3, { imageNames: ['b.webp'] }),
      // A second copy in the same batch: stored once.
      message(second, 'seller', 3, { imageNames: ['b.webp'] }),
    ];
    const results = await writeTogether(writer, messages);
    expect(results.map((result) => result.status)).toEqual(messages.map(() => 'fulfilled'));
    expect(writer.stats()).toEqual({ transactions: 1, messages: 181 });
    // One statement per kind (two for the last messages on PostgreSQL: the locks, then the update).
    expect(counter.kinds.length).toBeLessThanOrEqual(6);

    const written = results.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    expect(written[0]).toMatchObject({ stored: false, row: { content: 'message 0', chat_id: third } });
    expect(written.at(-1)).toMatchObject({ stored: false, row: written.at(-2)!.row });

    const chatRows = await t.handle.db
      .selectFrom('chats')
      .select(['id', 'last_message', 'last_message_time', 'last_activity'])
      .where('id', 'in', chats)
      .orderBy('id')
      .execute();
    expect(chatRows).toEqual(
      chats.map((id) => ({
        id,
        last_message: id === second ? 'message 3' : 'message 2',
        last_message_time: id === second ? at(3) : at(2),
        last_activity: id === second ? at(3) : at(2),
      })),
    );
    const images = await t.handle.db
      .selectFrom('chat_images')
      .select(['name', 'sent_at'])
      .orderBy('name')
      .execute();
    expect(images).toEqual([
      { name: 'a.webp', sent_at: at(2) },
      { name: 'b.webp', sent_at: at(3) },
    ]);
    const stored = await t.handle.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('chat_id', 'in', chats)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1 + 181);
    const sellerRead = await t.handle.db
      .selectFrom('chat_reads')
      .select('last_read_message_id')
      .where('chat_id', '=', second)
      .where('user_id', '=', 'seller')
      .executeTakeFirstOrThrow();
    expect(sellerRead.last_read_message_id).toBe(written.at(-2)!.row.id);
  });

  it("writes one chat's batch in three statements (its last message, the insert, the read marker)", async () => {
    const [chatId] = (await startChats('single', 1)) as [number];
    const counter = new StatementCounter();
    const writer = createMessageWriter(t.handle.db.withPlugin(counter), { maxPending: 10 });
    const results = await writeTogether(writer, [
      message(chatId, 'single-0', 1),
      message(chatId, 'single-0', 2),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(counter.kinds).toEqual(['UpdateQueryNode', 'InsertQueryNode', 'InsertQueryNode']);
    const chat = await t.handle.db
      .selectFrom('chats')
      .select('last_message')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat.last_message).toBe('message 2');
  });

  it('refuses alone a message whose image was never uploaded to its chat; the rest of its batch is stored', async () => {
    const [chatId, otherChat] = (await startChats('images', 2)) as [number, number];
    await insertUnsentImage(t.handle.db, otherChat, 'elsewhere.webp', AT);
    const writer = createMessageWriter(t.handle.db, { maxPending: 10 });
    const results = await writeTogether(writer, [
      message(chatId, 'images-0', 1),
      message(chatId, 'images-0', 2, { imageNames: ['elsewhere.webp'] }),
      message(otherChat, 'images-1', 3, { imageNames: ['elsewhere.webp'] }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: { message: IMAGE_NOT_UPLOADED } });
    const rows = await t.handle.db
      .selectFrom('chat_messages')
      .select('content')
      .where('chat_id', 'in', [chatId, otherChat])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.content)).toEqual(['message 1', 'message 3']);
  });
});
