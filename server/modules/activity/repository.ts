/** All SQL of the activity log. Every function takes the database or a transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { ActivityLogTable, Database } from '../../db/types.js';
import type { Insertable } from 'kysely';

export type Db = Kysely<Database> | Transaction<Database>;

export async function insertActivity(db: Db, row: Insertable<ActivityLogTable>): Promise<void> {
  await db.insertInto('activity_log').values(row).execute();
}
