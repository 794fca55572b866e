/** All SQL of the outbox (mail_outbox, migration 0012). Every function takes the database or a transaction. */
import { type Kysely, PostgresAdapter, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/types.js';
import type { MailContent, MailRecipient } from './content.js';

export type Db = Kysely<Database> | Transaction<Database>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

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

export type OutboxRow = Selectable<MailOutboxTable>;

/** Waiting, due, and not claimed by a sender whose lease still runs. */
function dueRows(db: Db, now: string) {
  return db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'waiting')
    .where('next_attempt_at', '<=', now)
    .where((where) => where.or([where('locked_until', 'is', null), where('locked_until', '<', now)]));
}

/**
 * Claims up to `limit` due e-mails for this sender until `leaseUntil`, oldest due first, in one
 * statement. PostgreSQL: the rows are picked FOR UPDATE SKIP LOCKED, so two processes claiming at once
 * take different rows without waiting (a row another claimed and committed meanwhile is re-checked and
 * dropped). SQLite: one statement writes at a time across every process on the file, so the pick and
 * the update cannot interleave with another claim.
 */
export async function claimDueMail(
  db: Db,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<OutboxRow[]> {
  const picked = dueRows(db, now).orderBy('next_attempt_at').orderBy('id').limit(limit);
  const rows = await db
    .updateTable('mail_outbox')
    .set({ locked_until: leaseUntil })
    .where((where) =>
      isPostgres(db)
        ? // An InitPlan, run once: `in (… limit)` may be planned as a join that re-runs the pick.
          where('id', '=', sql<number>`any(array(${picked.forUpdate().skipLocked()}))`)
        : where('id', 'in', picked),
    )
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at) || a.id - b.id);
}

/*
 * The sender's writes after a send (markSent, markFailed, releaseClaims) touch a row only while it still
 * holds the lease it claimed the row with (`lease`: the claim's locked_until). A send that outlived its
 * lease leaves the row to whoever claimed it since: that sender's outcome is the one recorded.
 */

/** Delivered: it leaves the queue (a resend puts it back). */
export async function markSent(db: Db, id: number, at: string, lease: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: at, locked_until: null, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .where('locked_until', '=', lease)
    .execute();
}

/** Not delivered this time: why, and when to try again; `countAttempt` false when no server was tried. */
export async function markFailed(
  db: Db,
  ids: readonly number[],
  failure: { error: string; nextAttemptAt: string; countAttempt: boolean },
  lease: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      attempts: failure.countAttempt ? eb('attempts', '+', 1) : eb.ref('attempts'),
      last_error: failure.error,
      next_attempt_at: failure.nextAttemptAt,
      locked_until: null,
    }))
    .where('id', 'in', ids)
    .where('status', '=', 'waiting')
    .where('locked_until', '=', lease)
    .execute();
}

/** Hands claimed e-mails back untouched (a sender stopping), due again at once for any process. */
export async function releaseClaims(db: Db, ids: readonly number[], lease: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set({ locked_until: null })
    .where('id', 'in', ids)
    .where('locked_until', '=', lease)
    .execute();
}

export async function countWaitingMail(db: Db): Promise<{ waiting: number; failing: number }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select([
      sql<number | string>`count(*)`.as('waiting'),
      sql<number | string>`count(last_error)`.as('failing'),
    ])
    .where('status', '=', 'waiting')
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), failing: Number(row.failing) };
}

export type OutboxFilter = 'all' | 'sent' | 'waiting' | 'failing';

function filtered(db: Db, filter: OutboxFilter) {
  const query = db.selectFrom('mail_outbox');
  if (filter === 'sent') return query.where('status', '=', 'sent');
  if (filter === 'waiting') return query.where('status', '=', 'waiting').where('last_error', 'is', null);
  if (filter === 'failing') return query.where('status', '=', 'waiting').where('last_error', 'is not', null);
  return query;
}

/** One page of the outbox, newest first, and how many e-mails the filter matches. */
export async function listOutbox(
  db: Db,
  filter: OutboxFilter,
  limit: number,
  offset: number,
): Promise<{ rows: OutboxRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, filter)
      .select(sql<number | string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findMail(db: Db, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMailByDedupeKey(db: Db, dedupeKey: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', dedupeKey).executeTakeFirst();
}

/**
 * Due now: a sent e-mail goes out again as a new delivery (its tries counted afresh), a waiting one
 * skips the rest of its back-off. A sender's lease on it is left alone: that send is already under way.
 */
export async function requeueMail(db: Db, id: number, now: string): Promise<OutboxRow | undefined> {
  const row = await findMail(db, id);
  if (!row) return undefined;
  const update =
    row.status === 'sent'
      ? { status: 'waiting' as const, sent_at: null, attempts: 0, last_error: null, next_attempt_at: now }
      : { next_attempt_at: now };
  return db.updateTable('mail_outbox').set(update).where('id', '=', id).returningAll().executeTakeFirst();
}
