import { type Kysely, sql } from 'kysely';

/**
 * Issue 30: an open-box product's derived `stock_quantity` counts only the units of its conditions for
 * sale (a positive price), as server/modules/stock/repository.ts's derivedColumns now writes it. Products
 * written before count their unpriced conditions' units too: each product with conditions is worked out
 * again here (the update moves the catalogue's version on, so cached lists are read anew). `down` counts
 * every unit again, as before.
 */
function recount(db: Kysely<unknown>, pricedOnly: boolean) {
  const priced = pricedOnly ? sql`and c.price_cents > 0` : sql``;
  return sql`update products set stock_quantity = coalesce((select sum(c.available_quantity)
      from product_conditions c where c.shop = products.shop and c.product_id = products.id ${priced}), 0)
    where exists (select 1 from product_conditions c where c.shop = products.shop and c.product_id = products.id)`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await recount(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recount(db, false);
}
