/**
 * All SQL of stock: product conditions, order reservations and the open box's derived product columns.
 * Every function takes the database or a transaction; the lock order they rely on is in README.md.
 */
import {
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
  type Transaction,
} from 'kysely';
import type { Database } from '../../db/types.js';
import { statementChunks } from '../../db/statement-chunks.js';
import { nextProductVersion } from '../catalog/index.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** Products an action reaches: a list of ids, or the ids a filter matches (one subquery, any size). */
export type ProductIds = readonly number[] | SelectQueryBuilder<Database, 'products', { id: number }>;

export interface ConditionInput {
  condition: string;
  price_cents: number;
  available_quantity: number;
}

export type ConditionWrite = ConditionInput & { product_id: number };

/** Units of one condition of one product, as an order holds them. */
export interface StockLine {
  shop: string;
  product_id: number;
  condition: string;
  quantity: number;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Ids a statement may take in one IN list. */
const IDS_PER_STATEMENT = 1000;

function* idParts(ids: ProductIds): Generator<ProductIds> {
  if (!Array.isArray(ids)) {
    yield ids;
    return;
  }
  const list = ids as readonly number[];
  for (let i = 0; i < list.length; i += IDS_PER_STATEMENT) yield list.slice(i, i + IDS_PER_STATEMENT);
}

/**
 * Takes the products' rows until the transaction ends, in id order, and answers the ids it took (in
 * that order). THE LOCK ORDER (README.md): every transaction that changes stock calls this first,
 * before it writes any condition, order or other product row, so no two of them (purchases, releases,
 * admin edits, bulk edits, CSV imports) wait on each other in a cycle, which PostgreSQL would end by
 * aborting one as a deadlock. A product's conditions and its derived columns are only written under
 * its row's lock, which is what lets writeDerivedColumns read the conditions as they are.
 * PostgreSQL: SELECT … FOR NO KEY UPDATE, the lock an UPDATE takes, so a cart line or order referring
 * to the product (a key share) does not wait for it; FOR UPDATE with `forDelete`, the lock a DELETE
 * needs, so it is not upgraded later. SQLite: one transaction writes at a time (Kysely's SqliteDialect
 * has one connection), so the rows are only read.
 */
export async function lockProductRows(
  db: Db,
  shop: string,
  ids: ProductIds,
  { forDelete = false }: { forDelete?: boolean } = {},
): Promise<number[]> {
  const sorted = Array.isArray(ids) ? [...new Set(ids as readonly number[])].sort((a, b) => a - b) : ids;
  const taken: number[] = [];
  for (const part of idParts(sorted)) {
    const query = db
      .selectFrom('products')
      .select('id')
      .where('shop', '=', shop)
      .where('id', 'in', part)
      .orderBy('id');
    const locked = !isPostgres(db) ? query : forDelete ? query.forUpdate() : query.forNoKeyUpdate();
    taken.push(...(await locked.execute()).map((row) => row.id));
  }
  return taken;
}

/**
 * The open box's derived columns, the one place they are worked out: a product's price is its lowest
 * condition price for sale (0 when none is), its stock the units on sale, the sum of the units of its
 * conditions for sale. For sale is shared/rules/offers.ts's isPricedCents, `price_cents > 0` here: an
 * unpriced condition's units are not counted (issue 30), so the catalogue's stock filter, its
 * 'single-stock first' sort and the card's label agree with what can be bought. Read in the writing
 * statement from the conditions as the transaction sees them, under the product's lock.
 */
function derivedColumns() {
  return {
    price_cents: sql<number>`coalesce((select min(c.price_cents) from product_conditions c
      where c.shop = products.shop and c.product_id = products.id and c.price_cents > 0), 0)`,
    stock_quantity: sql<number>`coalesce((select sum(c.available_quantity) from product_conditions c
      where c.shop = products.shop and c.product_id = products.id and c.price_cents > 0), 0)`,
  };
}

/** The UPDATE that writes the derived columns of these products and, with `at`, moves their version on. */
function derivedUpdate(db: Db, shop: string, ids: ProductIds, at: string | undefined) {
  return db
    .updateTable('products')
    .set({ ...derivedColumns(), ...(at === undefined ? {} : { updated_at: nextProductVersion(db, at) }) })
    .where('shop', '=', shop)
    .where('id', 'in', ids);
}

/** Writes the derived columns of many products (see derivedColumns); answers how many rows it wrote. */
export async function writeDerivedColumns(
  db: Db,
  shop: string,
  ids: ProductIds,
  at: string | undefined,
  pause: () => Promise<void> = async () => {},
): Promise<number> {
  let written = 0;
  for (const part of idParts(ids)) {
    const result = await derivedUpdate(db, shop, part, at).executeTakeFirst();
    written += Number(result.numUpdatedRows);
    await pause();
  }
  return written;
}

/** As writeDerivedColumns for one product, moving its version on; answers its title (undefined: no such product). */
export async function writeDerivedColumnsOf(
  db: Db,
  shop: string,
  productId: number,
  at: string,
): Promise<string | undefined> {
  const row = await derivedUpdate(db, shop, [productId], at).returning('title').executeTakeFirst();
  return row?.title;
}

/**
 * Takes `quantity` units of a condition if that many are there (and, unless `forSale` is false, it has
 * a price: isPricedCents of shared/rules/offers.ts): one conditional UPDATE, so concurrent buyers on either database can never take more than
 * exists. Returns the unit price it was taken at, or undefined when nothing was taken.
 */
export async function takeConditionUnits(
  db: Db,
  line: StockLine,
  forSale: boolean,
): Promise<number | undefined> {
  let query = db
    .updateTable('product_conditions')
    .set({ available_quantity: sql`available_quantity - ${line.quantity}` })
    .where('shop', '=', line.shop)
    .where('product_id', '=', line.product_id)
    .where('condition', '=', line.condition)
    .where('available_quantity', '>=', line.quantity);
  if (forSale) query = query.where('price_cents', '>', 0);
  const row = await query.returning('price_cents').executeTakeFirst();
  return row?.price_cents;
}

export async function giveBackConditionUnits(db: Db, line: StockLine): Promise<void> {
  await db
    .updateTable('product_conditions')
    .set({ available_quantity: sql`available_quantity + ${line.quantity}` })
    .where('shop', '=', line.shop)
    .where('product_id', '=', line.product_id)
    .where('condition', '=', line.condition)
    .execute();
}

/**
 * Adds units to a condition of a product, adding the condition (with no price, so not for sale until
 * the seller prices it) when the product has none of it: returned units going back on sale (issue 28).
 */
export async function addConditionUnits(db: Db, line: StockLine): Promise<void> {
  await db
    .insertInto('product_conditions')
    .values({
      shop: line.shop,
      product_id: line.product_id,
      condition: line.condition,
      price_cents: 0,
      available_quantity: line.quantity,
    })
    .onConflict((conflict) =>
      conflict.columns(['shop', 'product_id', 'condition']).doUpdateSet({
        available_quantity: sql`product_conditions.available_quantity + ${line.quantity}`,
      }),
    )
    .execute();
}

/**
 * Writes conditions of many products: a missing condition is added; an existing one takes the new
 * price and, only with `quantities`, the new quantity.
 */
export async function upsertConditions(
  db: Db,
  shop: string,
  rows: readonly ConditionWrite[],
  quantities: boolean,
  pause: () => Promise<void>,
): Promise<void> {
  for (const part of statementChunks(rows, 5)) {
    await db
      .insertInto('product_conditions')
      .values(part.map((row) => ({ shop, ...row })))
      .onConflict((conflict) =>
        conflict.columns(['shop', 'product_id', 'condition']).doUpdateSet((eb) => ({
          price_cents: eb.ref('excluded.price_cents'),
          ...(quantities ? { available_quantity: eb.ref('excluded.available_quantity') } : {}),
        })),
      )
      .execute();
    await pause();
  }
}

/** Every positive condition price of these products becomes `priceOf(its price)`. */
export async function changeConditionPrices(
  db: Db,
  shop: string,
  ids: ProductIds,
  priceOf: (current: RawBuilder<unknown>) => RawBuilder<number>,
): Promise<void> {
  await db
    .updateTable('product_conditions')
    .set({ price_cents: priceOf(sql.ref('price_cents')) })
    .where('shop', '=', shop)
    .where('product_id', 'in', ids)
    .where('price_cents', '>', 0)
    .execute();
}

/** What an order holds: its product, whether it holds units now, and whether they were shipped. */
export async function findReservation(
  db: Db,
  paymentId: string,
): Promise<{ shop: string; product_id: number; stock_reserved: number } | undefined> {
  return db
    .selectFrom('orders')
    .select(['shop', 'product_id', 'stock_reserved'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** The products held by the orders of one payment: an order's own reference, or its group's (grp_…). */
export async function findReservationsOfPayment(
  db: Db,
  paymentRef: string,
): Promise<{ shop: string; product_id: number }[]> {
  return db
    .selectFrom('orders')
    .select(['shop', 'product_id'])
    .where((eb) => eb.or([eb('payment_id', '=', paymentRef), eb('group_id', '=', paymentRef)]))
    .where('stock_reserved', '=', 1)
    .execute();
}

/** Units of a condition now, and its price (undefined: the product has no such condition). */
export async function findConditionStock(
  db: Db,
  line: Omit<StockLine, 'quantity'>,
): Promise<{ available_quantity: number; price_cents: number } | undefined> {
  return db
    .selectFrom('product_conditions')
    .select(['available_quantity', 'price_cents'])
    .where('shop', '=', line.shop)
    .where('product_id', '=', line.product_id)
    .where('condition', '=', line.condition)
    .executeTakeFirst();
}

/**
 * Clears the order's hold on its units if it still has one, and says what it held (and whether it was
 * shipped): the one gate that makes every release happen exactly once, however many deletes, callbacks
 * and sweeps race for it.
 */
export async function clearReservation(
  db: Db,
  paymentId: string,
  at: string,
): Promise<(StockLine & { shipped: number }) | undefined> {
  return db
    .updateTable('orders')
    .set({ stock_reserved: 0, updated_at: at })
    .where('payment_id', '=', paymentId)
    .where('stock_reserved', '=', 1)
    .returning(['shop', 'product_id', 'condition', 'quantity', 'shipped'])
    .executeTakeFirst();
}

/** Orders of these products stop holding units. */
export async function dropReservations(
  db: Db,
  shop: string,
  ids: readonly number[],
  at: string,
): Promise<void> {
  for (const part of idParts(ids)) {
    await db
      .updateTable('orders')
      .set({ stock_reserved: 0, updated_at: at })
      .where('shop', '=', shop)
      .where('product_id', 'in', part)
      .where('stock_reserved', '=', 1)
      .execute();
  }
}
