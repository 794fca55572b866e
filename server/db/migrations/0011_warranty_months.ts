import type { Kysely } from 'kysely';
import { changeProductsColumns } from './catalog-version-trigger.js';

/**
 * Issue 17: an open-box product's warranty in whole months (0: none), a field of the product-field
 * registry (shared/productFields.ts). Every other shop's products keep 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await changeProductsColumns(db, async () => {
    await db.schema
      .alterTable('products')
      .addColumn('warranty_months', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await changeProductsColumns(db, async () => {
    await db.schema.alterTable('products').dropColumn('warranty_months').execute();
  });
}
