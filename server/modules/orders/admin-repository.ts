/** The SQL of the admin orders page: a filtered page of every order, and the shipping fields. */
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { AdminOrdersQuery, PaymentStatus } from '../../../shared/schemas/buying.js';
import type { Database } from '../../db/types.js';
import {
  type AdminOrderRow,
  orderListColumns,
  overpaidCondition,
  paymentRefundedCents,
} from './repository.js';

type Db = Kysely<Database> | Transaction<Database>;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's type for "nothing selected yet"
type OrdersQuery = SelectQueryBuilder<Database, 'orders', {}>;

function applyOrderFilter(query: OrdersQuery, filter: AdminOrdersQuery['filter']): OrdersQuery {
  switch (filter) {
    case 'unpaid':
      return query.where('orders.payment_status', '!=', 'finished');
    case 'paid':
      return query.where('orders.payment_status', '=', 'finished');
    // The shipping to-do list: paid and not yet sent.
    case 'unsent':
      return query.where('orders.payment_status', '=', 'finished').where('orders.shipped', '=', 0);
    case 'sent':
      return query.where('orders.shipped', '=', 1);
    // Payments that went wrong, for the seller to settle (issue 18). An expired order that had part of
    // its money arrive keeps that amount, and the buyer wants it back.
    // Issue 28: until nothing is left to settle (settled_at: refunded in whole, or accepted), and an
    // ended or overpaid one only while what arrived is more than was refunded.
    case 'attention':
      return query
        .where('orders.settled_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('orders.payment_status', '=', 'partially_paid'),
            eb.and([eb('orders.paid_late', '=', 1), eb('orders.payment_status', '!=', 'refunded')]),
            eb('orders.needs_attention', '=', 1),
            eb('orders.attention_reason', 'is not', null),
            eb.and([
              eb('orders.payment_status', 'in', ['expired', 'failed']),
              eb('orders.invoice_paid_cents', '>', paymentRefundedCents),
            ]),
            eb.and([eb('orders.payment_status', '=', 'finished'), overpaidCondition]),
          ]),
        );
    case 'all':
      return query;
  }
}

/** A page of every buyer's orders, newest first, with the count of all that match the filter. */
export async function findOrderPage(
  db: Db,
  filter: AdminOrdersQuery['filter'],
  limit: number,
  offset: number,
): Promise<{ rows: AdminOrderRow[]; total: number }> {
  const base = applyOrderFilter(db.selectFrom('orders'), filter);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('products', (join) =>
        join.onRef('products.shop', '=', 'orders.shop').onRef('products.id', '=', 'orders.product_id'),
      )
      .selectAll('orders')
      .select(orderListColumns)
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select(sql<number | string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Sets the shipping fields of the payment's orders (an order's reference, or a group's: one parcel for
 * all its lines); marking them shipped only while their status is one of `shippable`, in the same
 * statement, so a refund or failure arriving meanwhile cannot slip in between. True when it changed.
 */
export async function setShipping(
  db: Db,
  paymentId: string,
  shipping: { shipped: boolean; postal_service: string; tracking_number: string },
  shippable: readonly PaymentStatus[],
  at: string,
): Promise<boolean> {
  let query = db
    .updateTable('orders')
    .set({
      shipped: shipping.shipped ? 1 : 0,
      postal_service: shipping.postal_service,
      tracking_number: shipping.tracking_number,
      // The first mark starts the return window; a corrected tracking number keeps it, an unmark ends it.
      shipped_at: shipping.shipped ? sql<string>`coalesce(shipped_at, ${at})` : null,
      updated_at: at,
    })
    .where((eb) => eb.or([eb('payment_id', '=', paymentId), eb('group_id', '=', paymentId)]));
  if (shipping.shipped) query = query.where('payment_status', 'in', [...shippable]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
