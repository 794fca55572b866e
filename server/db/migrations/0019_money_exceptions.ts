import { type Kysely, sql } from 'kysely';

/**
 * Issue 33: money that arrives anywhere is recorded.
 * - deleted_orders: what a deleted order (or "Checkout all" group) was, by its payment reference, so
 *   money its provider still reports can restore it as a record (restored_at: when; once).
 * - orders.attention_reason: why a payment's money could not be applied normally (another invoice, an
 *   amount far from the total, a line of a group named alone), for the seller to settle; null otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table deleted_orders (
    payment_ref varchar(64) primary key,
    provider varchar(40) not null,
    provider_invoice_id text,
    deleted_at text not null,
    deleted_by text not null,
    lines_json text not null,
    restored_at text
  )`.execute(db);
  await db.schema.alterTable('orders').addColumn('attention_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('attention_reason').execute();
  await db.schema.dropTable('deleted_orders').execute();
}
