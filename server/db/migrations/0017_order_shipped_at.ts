import { type Kysely, sql } from 'kysely';

/**
 * Issue 28: when an order was marked sent, which starts its return window (RETURN_WINDOW_DAYS).
 * Marking it sent sets it (a later edit of the tracking details keeps the first time); unmarking it
 * clears it, so marking it sent again starts the window again. Orders already marked sent take their
 * updated_at, the last time anything changed them, which is the mark or later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('shipped_at', 'text').execute();
  await sql`update orders set shipped_at = updated_at where shipped = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('shipped_at').execute();
}
