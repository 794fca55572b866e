import type { Kysely } from 'kysely';

/**
 * Who viewed which product lately: one row per (product, client), so a client's repeated views within
 * the window count once. `viewer` is a keyed hash of the client's address, never the address itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_views')
    .addColumn('shop', 'varchar(16)', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('viewer', 'varchar(64)', (col) => col.notNull())
    .addColumn('viewed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_views_pk', ['shop', 'product_id', 'viewer'])
    .addForeignKeyConstraint(
      'product_views_product_fk',
      ['shop', 'product_id'],
      'products',
      ['shop', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  // The purge of expired rows walks this index from its oldest end.
  await db.schema.createIndex('product_views_viewed_at').on('product_views').column('viewed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_views').execute();
}
