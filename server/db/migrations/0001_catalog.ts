import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('shop', 'varchar(16)', (col) => col.notNull())
    .addColumn('id', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('title_folded', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('main_category', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('typical_price_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rate', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('availability', 'varchar(3)', (col) => col.notNull().defaultTo('YES'))
    .addColumn('link', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('view_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('image_count', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('store', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ebay', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('facebook_marketplace', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('offer_up', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('mercari_marketplaces', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('stock_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('products_pk', ['shop', 'id'])
    .execute();

  // The catalogue queries: a category grid in title order, the TOP strip, and the price and view sorts.
  await db.schema
    .createIndex('products_shop_category_title')
    .on('products')
    .columns(['shop', 'category', 'title_folded', 'id'])
    .execute();
  await db.schema
    .createIndex('products_shop_title')
    .on('products')
    .columns(['shop', 'title_folded', 'id'])
    .execute();
  await db.schema
    .createIndex('products_shop_main_category')
    .on('products')
    .columns(['shop', 'main_category', 'category'])
    .execute();
  await db.schema.createIndex('products_shop_views').on('products').columns(['shop', 'view_count']).execute();
  await db.schema
    .createIndex('products_shop_price')
    .on('products')
    .columns(['shop', 'price_cents'])
    .execute();

  await db.schema
    .createTable('product_conditions')
    .addColumn('shop', 'varchar(16)', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('condition', 'varchar(16)', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('available_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_conditions_pk', ['shop', 'product_id', 'condition'])
    .addForeignKeyConstraint(
      'product_conditions_product_fk',
      ['shop', 'product_id'],
      'products',
      ['shop', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addCheckConstraint('product_conditions_quantity_not_negative', sql`available_quantity >= 0`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_conditions').execute();
  await db.schema.dropTable('products').execute();
}
