import { type Kysely, sql } from 'kysely';

/**
 * Issue 18: chat messages left unread are e-mailed (modules/chat/email-notices.ts). A buyer may turn that
 * off (`users.chat_emails`, 0/1 as the other flags: better-sqlite3 binds no booleans; on by default, so
 * every existing buyer keeps being told). `chat_email_notices` holds, per chat and recipient side, when
 * the last chat e-mail was queued (the throttle) and the newest message it told of (never told twice);
 * its primary key is what lets one of several processes claim a notice. Messages are found by age
 * (`chat_messages_created`), so the job never reads a chat's whole history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column chat_emails integer not null default 1`.execute(db);
  await sql`create table chat_email_notices (
    chat_id integer not null references chats(id) on delete cascade,
    recipient varchar(16) not null check (recipient in ('buyer', 'seller')),
    last_message_id integer not null,
    queued_at text not null,
    primary key (chat_id, recipient)
  )`.execute(db);
  await db.schema.createIndex('chat_messages_created').on('chat_messages').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chat_messages_created').execute();
  await db.schema.dropTable('chat_email_notices').execute();
  await sql`alter table users drop column chat_emails`.execute(db);
}
