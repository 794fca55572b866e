import type { Kysely } from 'kysely';
import { type AdminOrder, type AdminOrdersQuery, PAYMENT_STATUSES } from '../../../shared/schemas/buying.js';
import { canShipOrder } from '../../../shared/rules/payment-status.js';
import type { Database, RefundRow } from '../../db/types.js';
import { conflict } from '../../http/errors.js';
import { changedFields, recordActivity } from '../activity/index.js';
import { getPayment } from './lookup.js';
import { queueSentMail } from './notifications.js';
import { presentAdminOrder } from './presenter.js';
import { returnsByOrder } from './returns/service.js';
import { findOrderPage, setShipping } from './admin-repository.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

export async function listAdminOrders(
  db: Db,
  query: AdminOrdersQuery,
  holdMinutes: number,
): Promise<{ items: AdminOrder[]; total: number }> {
  const { rows, total } = await findOrderPage(
    db,
    query.filter,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  const refunds = await repo.findRefundsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  const refundsOf = new Map<number, RefundRow[]>();
  for (const refund of refunds)
    refundsOf.set(refund.order_id, [...(refundsOf.get(refund.order_id) ?? []), refund]);
  const returns = await returnsByOrder(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) =>
      presentAdminOrder(row, refundsOf.get(row.id) ?? [], returns.get(row.id) ?? [], holdMinutes),
    ),
    total,
  };
}

/**
 * Marks an order sent (or not) with its tracking details; only a paid order can be marked sent. An order
 * paid together with others ("Checkout all") goes in one parcel with them: the whole group is marked.
 * When it is marked sent, the buyer's e-mail is queued in the same transaction: once per postal service
 * and tracking number, so a correction (unmarked and marked again, or edited) reaches the buyer too.
 */
export async function setShipped(
  db: Db,
  paymentId: string,
  shipping: { shipped: boolean; postal_service: string; tracking_number: string },
  actor: string,
): Promise<void> {
  const { ref } = await getPayment(db, paymentId);
  const shippable = PAYMENT_STATUSES.filter(canShipOrder);
  const changed = await db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    const [was] = await repo.findOrdersOfPayment(trx, ref);
    if (!(await setShipping(trx, ref, shipping, shippable, at))) return false;
    const before = was && {
      shipped: Number(was.shipped) === 1,
      postal_service: was.postal_service,
      tracking_number: was.tracking_number,
    };
    await recordActivity(trx, {
      actor,
      action: 'order.sent',
      target: `order ${ref}`,
      ...(before && changedFields(before, shipping)),
      at,
    });
    if (shipping.shipped)
      await queueSentMail(trx, { ref, lines: await repo.findOrdersOfPayment(trx, ref) }, at);
    return true;
  });
  if (!changed) throw conflict('Only paid orders can be marked sent.');
}
