/** All SQL of payments: the record of verified provider callbacks. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentEventsTable } from '../../db/types.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Records a verified callback unless the same one is already there; true when this call recorded it. */
export async function insertPaymentEvent(db: Db, event: PaymentEventsTable): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values(event)
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Whether a callback with this key is on record. */
export async function hasPaymentEvent(db: Db, eventKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('event_key')
    .where('event_key', '=', eventKey)
    .executeTakeFirst();
  return row !== undefined;
}
