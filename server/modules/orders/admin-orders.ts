import type { Kysely } from 'kysely';
import { type AdminOrder, type AdminOrdersQuery, PAYMENT_STATUSES } from '../../../shared/schemas/buying.js';
import { canShipOrder } from '../../../shared/rules/payment-status.js';
import type { Database } from '../../db/types.js';
import { conflict } from '../../http/errors.js';
import { getOrder } from './lookup.js';
import { presentAdminOrder } from './presenter.js';
import { findOrderPage, setShipping } from './admin-repository.js';

type Db = Kysely<Database>;

export async function listAdminOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<{ items: AdminOrder[]; total: number }> {
  const { rows, total } = await findOrderPage(
    db,
    query.filter,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return { items: rows.map(presentAdminOrder), total };
}

/** Marks an order sent (or not) with its tracking details; only a paid order can be marked sent. */
export async function setShipped(
  db: Db,
  paymentId: string,
  shipping: { shipped: boolean; postal_service: string; tracking_number: string },
): Promise<void> {
  const shippable = PAYMENT_STATUSES.filter(canShipOrder);
  if (await setShipping(db, paymentId, shipping, shippable, new Date().toISOString())) return;
  await getOrder(db, paymentId);
  throw conflict('Only paid orders can be marked sent.');
}
