import type { Kysely } from 'kysely';

/**
 * Issue 29, outbound clicks: one row per counted press of an affiliate product's Buy link. `clicker` is
 * the views' keyed hash of the client's address (an IPv6 client by its /64), never the address itself.
 * A client's repeats within the click window are not rows at all, so counting a product's clicks since a
 * moment is counting its rows (index `product_clicks_product`); rows past the admin's 30 days are
 * purged from the oldest end (index `product_clicks_clicked_at`). A deleted product's clicks go with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_clicks')
    .addColumn('shop', 'varchar(16)', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('clicker', 'varchar(64)', (col) => col.notNull())
    .addColumn('clicked_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_clicks_pk', ['shop', 'product_id', 'clicker', 'clicked_at'])
    .addForeignKeyConstraint(
      'product_clicks_product_fk',
      ['shop', 'product_id'],
      'products',
      ['shop', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('product_clicks_product')
    .on('product_clicks')
    .columns(['shop', 'product_id', 'clicked_at'])
    .execute();
  await db.schema
    .createIndex('product_clicks_clicked_at')
    .on('product_clicks')
    .column('clicked_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_clicks').execute();
}
