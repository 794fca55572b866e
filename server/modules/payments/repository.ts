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
