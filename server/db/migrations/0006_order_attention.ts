import { type Kysely, sql } from 'kysely';

/**
 * orders.needs_attention (0/1): an order paid after the sweep expired it, whose units could not be taken
 * again (sold meanwhile, or the product deleted). The buyer's money arrived, so the order stays; the seller
 * restocks or refunds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('needs_attention', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`needs_attention in (0, 1)`),
    )
    .execute();
  // An order that expired or failed no longer takes money: its invoice link must not offer Pay Now.
  await sql`update orders set invoice_url = null where payment_status in ('expired', 'failed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('needs_attention').execute();
}
