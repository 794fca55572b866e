/** All SQL of the cart. Every function takes the database or a transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface CartLineKey {
  userId: string;
  shop: string;
  productId: number;
  condition: string;
}

/** A cart line with what the buyer sees of its product and condition now. */
export interface CartLineRow {
  shop: string;
  product_id: number;
  condition: string;
  quantity: number;
  title: string;
  image_count: number;
  updated_at: string;
  price_cents: number | null;
  available_quantity: number | null;
}

export async function findCartLines(db: Db, userId: string): Promise<CartLineRow[]> {
  return db
    .selectFrom('cart_items as c')
    .innerJoin('products as p', (join) =>
      join.onRef('p.shop', '=', 'c.shop').onRef('p.id', '=', 'c.product_id'),
    )
    .leftJoin('product_conditions as pc', (join) =>
      join
        .onRef('pc.shop', '=', 'c.shop')
        .onRef('pc.product_id', '=', 'c.product_id')
        .onRef('pc.condition', '=', 'c.condition'),
    )
    .select([
      'c.shop',
      'c.product_id',
      'c.condition',
      'c.quantity',
      'p.title',
      'p.image_count',
      'p.updated_at',
      'pc.price_cents',
      'pc.available_quantity',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.added_at')
    .orderBy('c.product_id')
    .orderBy('c.condition')
    .execute();
}

/** Units the buyer's line holds now; 0 when there is no such line. */
export async function findLineQuantity(db: Db, key: CartLineKey): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select('quantity')
    .where('user_id', '=', key.userId)
    .where('shop', '=', key.shop)
    .where('product_id', '=', key.productId)
    .where('condition', '=', key.condition)
    .executeTakeFirst();
  return row?.quantity ?? 0;
}

/**
 * The line with `quantity` units: started when missing (added now), its quantity replaced otherwise (it
 * keeps its place in the cart). The caller holds the buyer's lock, so the quantity it read is current.
 */
export async function writeLine(db: Db, key: CartLineKey, quantity: number, at: string): Promise<void> {
  await db
    .insertInto('cart_items')
    .values({
      user_id: key.userId,
      shop: key.shop,
      product_id: key.productId,
      condition: key.condition,
      quantity,
      added_at: at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'shop', 'product_id', 'condition'])
        .doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity') })),
    )
    .execute();
}

/** Sets the line's quantity; false when the buyer has no such line. */
export async function setLineQuantity(db: Db, key: CartLineKey, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('cart_items')
    .set({ quantity })
    .where('user_id', '=', key.userId)
    .where('shop', '=', key.shop)
    .where('product_id', '=', key.productId)
    .where('condition', '=', key.condition)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteLine(db: Db, key: CartLineKey): Promise<boolean> {
  const result = await db
    .deleteFrom('cart_items')
    .where('user_id', '=', key.userId)
    .where('shop', '=', key.shop)
    .where('product_id', '=', key.productId)
    .where('condition', '=', key.condition)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
