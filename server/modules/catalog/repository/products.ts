/** One product's rows: reads for its page and the admin, and the writes of its own columns (conditions are the stock module's). */
import { type Kysely, sql } from 'kysely';
import type {
  Database,
  NewProductRow,
  ProductConditionRow,
  ProductRow,
  ProductRowUpdate,
} from '../../../db/types.js';
import { foldForSearch } from './search.js';
import { findCategoryPairs } from './listing.js';
import { nextProductVersion } from './versions.js';

type Db = Kysely<Database>;

export async function findProduct(db: Db, shop: string, id: number): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('shop', '=', shop)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findConditions(
  db: Db,
  shop: string,
  productIds: readonly number[],
): Promise<ProductConditionRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_conditions')
    .selectAll()
    .where('shop', '=', shop)
    .where('product_id', 'in', [...new Set(productIds)])
    .execute();
}

export async function maxProductId(db: Db, shop: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select(sql<number | string | null>`max(id)`.as('max_id'))
    .where('shop', '=', shop)
    .executeTakeFirstOrThrow();
  return Number(row.max_id ?? 0);
}

export async function distinctCategories(db: Db, shop: string): Promise<{ main: string[]; sub: string[] }> {
  const pairs = await findCategoryPairs(db, shop);
  const main = [...new Set(pairs.map((pair) => pair.main_category))].sort();
  const sub = [...new Set(pairs.map((pair) => pair.category))].sort();
  return { main, sub };
}

/**
 * Adds a product row. An open-box product's conditions, and the price and stock derived from them, are
 * the stock module's to write (its writeConditions), in the same transaction.
 */
export async function insertProduct(db: Db, product: NewProductRow): Promise<void> {
  await db
    .insertInto('products')
    .values({ ...product, title_folded: foldForSearch(product.title) })
    .execute();
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function productExists(db: Db, shop: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('shop', '=', shop)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Updates a product's own columns (an open-box product's conditions and derived columns are the stock
 * module's). `changes.updated_at` is the write's time; the stored version moves past it as
 * nextProductVersion says. With `expectedVersion`, only while the stored updated_at is that one:
 * compared in the same statement that writes the row, so no purchase or other save can slip in between.
 * Answers the new updated_at, or undefined when nothing was written (no such product, or a newer version).
 */
export async function updateProduct(
  db: Db,
  shop: string,
  id: number,
  changes: ProductRowUpdate,
  { expectedVersion }: { expectedVersion?: string } = {},
): Promise<string | undefined> {
  const { updated_at: at, ...columns } = changes;
  let query = db
    .updateTable('products')
    .set({
      ...columns,
      ...(at === undefined ? {} : { updated_at: nextProductVersion(db, at) }),
      ...(changes.title === undefined ? {} : { title_folded: foldForSearch(String(changes.title)) }),
    })
    .where('shop', '=', shop)
    .where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('updated_at', '=', expectedVersion);
  const row = await query.returning('updated_at').executeTakeFirst();
  return row?.updated_at;
}

/**
 * Deletes the product; its conditions, cart lines and view rows go with it (foreign keys, on delete
 * cascade). The DELETE takes the products row before the cascade reaches its conditions, the stock
 * module's lock order (modules/stock/README.md).
 */
export async function deleteProduct(db: Db, shop: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('products')
    .where('shop', '=', shop)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Keeps image_count true after the gallery changed, and moves updated_at on so cached copies refresh.
 * `heldVersion` is the version the caller's edit form holds: when it is still the stored one, the answer
 * is the new version, which the form may then hold (the gallery change was its own); otherwise (another
 * change came between, or none was given) undefined, and the form's next save will be refused as stale.
 */
export async function setImageCount(
  db: Db,
  shop: string,
  id: number,
  count: number,
  at: string,
  heldVersion?: string,
): Promise<string | undefined> {
  const update = () =>
    db
      .updateTable('products')
      .set({ image_count: count, updated_at: nextProductVersion(db, at) })
      .where('shop', '=', shop)
      .where('id', '=', id);
  if (heldVersion !== undefined) {
    const row = await update()
      .where('updated_at', '=', heldVersion)
      .returning('updated_at')
      .executeTakeFirst();
    if (row) return row.updated_at;
  }
  await update().execute();
  return undefined;
}
