import type { Kysely } from 'kysely';

/**
 * Which credentials (ADMIN_PASSWORD + SESSION_SECRET) each admin session was made under, as a keyed
 * fingerprint, so sessions made under earlier credentials can be deleted. Sessions from before this
 * column get '' and are deleted at the next start: their tokens were hashed without a key anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('admin_sessions')
    .addColumn('key_id', 'varchar(64)', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_sessions').dropColumn('key_id').execute();
}
