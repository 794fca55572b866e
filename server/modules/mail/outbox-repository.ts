/** All SQL of the outbox (mail_outbox, migration 0012). Every function takes the database or a transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import type { MailContent, MailRecipient } from './content.js';

export type Db = Kysely<Database> | Transaction<Database>;

export interface QueuedMail {
  /** What it is about, e.g. 'order_paid': the admin's outbox shows it. */
  kind: string;
  /** The event's own key, e.g. `order_paid:ord_…`: queuing the same key again does nothing. */
  dedupeKey: string;
  to: MailRecipient;
  content: MailContent;
}

/** Writes the e-mail (call inside the transaction of the event that causes it). */
export async function insertMail(db: Db, mail: QueuedMail, at: string): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      dedupe_key: mail.dedupeKey,
      audience: mail.to === 'seller' ? 'seller' : 'buyer',
      recipient: mail.to === 'seller' ? null : mail.to.buyer,
      subject: mail.content.subject,
      content: JSON.stringify(mail.content),
      status: 'waiting',
      next_attempt_at: at,
      locked_until: null,
      created_at: at,
      sent_at: null,
      last_error: null,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}
