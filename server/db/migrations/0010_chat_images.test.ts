/**
 * 0010 on a database with chat messages from before it: every image a stored message shows is recorded
 * as sent (so the sweep never takes it and it can be shown again); nothing else is recorded.
 */
import { createTestSchema } from '../../test/test-schemas.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/harness.js';
import { type DatabaseHandle, type Dialect, openDatabase } from '../database.js';
import { migrateToLatest, migrateUpTo } from '../migrate.js';

const name = (n: number) => `${String(n).padStart(32, 'a')}.webp`;

async function freshDatabase(
  dialect: Dialect,
): Promise<{ handle: DatabaseHandle; schema?: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-0010-'));
    const handle = openDatabase({ sqliteFile: path.join(dir, 'shop.db') });
    return { handle, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = await createTestSchema(url);
  return {
    handle: openDatabase({ databaseUrl: url, sqliteFile: '', pgSchema: schema }),
    schema,
    // The schema goes with the run's others after the last file (test-schemas.ts).
    drop: async () => {},
  };
}

describe.each(TEST_DIALECTS)('migration 0010 (chat images) on %s', (dialect) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it('records the images of earlier messages as sent, and nothing else', async () => {
    const { handle, schema, drop } = await freshDatabase(dialect);
    cleanup = async () => {
      await handle.close();
      await drop();
    };
    const { db } = handle;
    await migrateUpTo(db, '0009_statement_catalog_version', schema);
    const at = '2026-01-02T03:04:05.000Z';
    const chat = (productId: number) =>
      db
        .insertInto('chats')
        .values({
          shop: 'ayz',
          product_id: productId,
          title: 't',
          buyer_google_id: 'b',
          buyer_name: 'n',
          created_at: at,
          last_activity: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const one = (await chat(1)).id;
    const two = (await chat(2)).id;
    const message = (chatId: number, images: string) =>
      db
        .insertInto('chat_messages')
        .values({ chat_id: chatId, sender_google_id: 'b', content: '', images, created_at: at })
        .execute();
    const own = (chatId: number, n: number) => `/api/chats/${chatId}/images/${name(n)}`;
    await message(one, JSON.stringify([own(one, 1), own(one, 2)]));
    // The same image shown again later: one record.
    await message(one, JSON.stringify([own(one, 1)]));
    await message(one, '[]');
    // Not an image of this chat, not a chat image path, not a list, not JSON: none recorded.
    await message(one, JSON.stringify([own(two, 3), '/images/elsewhere.webp']));
    await message(one, JSON.stringify({ path: own(one, 4) }));
    await message(one, 'not json');
    await message(two, JSON.stringify([own(two, 5)]));

    await migrateToLatest(db, schema);
    const rows = await db
      .selectFrom('chat_images')
      .select(['chat_id', 'name', 'uploaded_at', 'sent_at'])
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { chat_id: one, name: name(1), uploaded_at: at, sent_at: at },
      { chat_id: one, name: name(2), uploaded_at: at, sent_at: at },
      { chat_id: two, name: name(5), uploaded_at: at, sent_at: at },
    ]);
  });
});
