import { type Kysely, sql } from 'kysely';

/**
 * Issue 20: the shipping address a buyer used last, one row per buyer, written by every purchase (one
 * line or "Checkout all") in its transaction and offered pre-filled in the next checkout. The columns
 * are the checkout's shipping fields as orders store them; a buyer's row goes with the buyer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table shipping_addresses (
    user_id varchar(255) primary key references users(id) on delete cascade,
    email text not null,
    contact_name text not null,
    phone text not null,
    address text not null,
    city text not null,
    state_prov text not null,
    postal_code text not null,
    updated_at text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shipping_addresses').execute();
}
