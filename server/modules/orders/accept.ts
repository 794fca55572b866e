/**
 * The seller accepts the money that arrived for an order as its payment (issue 28): an expired or failed
 * order that was partly paid, one paid late after its units were sold, or an overpaid one. Its units are
 * held again if they are still there, it becomes finished and settled, the shortfall waived is recorded
 * in the ledger, and the buyer is e-mailed as for a payment, all in one transaction.
 */
import type { Kysely } from 'kysely';
import { conditionLabel } from '../../../shared/shops.js';
import type { Database, OrderRow } from '../../db/types.js';
import { conflict } from '../../http/errors.js';
import { recordActivity } from '../activity/index.js';
import * as stock from '../stock/index.js';
import { getPayment, invoiceTotalCents, OrderChanged } from './lookup.js';
import { arrivedCents, recordPaymentMoney } from './money.js';
import { queuePaidMails } from './notifications.js';
import { dollars } from './presenter.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/** Why the payment cannot be accepted, or undefined when it can. */
function acceptRefusal(lines: readonly OrderRow[]): string | undefined {
  const first = lines[0]!;
  const status = first.payment_status;
  if (arrivedCents(lines) <= 0)
    return 'Nothing has been received for this order, so there is nothing to accept.';
  if (status === 'refunded') return 'This order was refunded, so it cannot be accepted.';
  if (first.settled_at !== null) return 'This order is already settled.';
  const total = lines.reduce((sum, line) => sum + line.total_cents, 0);
  const unsettled =
    status !== 'finished' ||
    lines.some((line) => line.needs_attention === 1) ||
    first.paid_late === 1 ||
    first.attention_reason !== null ||
    arrivedCents(lines) > total + 1;
  return unsettled ? undefined : 'This order is paid in full: there is nothing to accept.';
}

/** The 409 naming the line whose units are gone. */
async function unitsGone(line: OrderRow): Promise<never> {
  throw conflict(
    `"${line.title}" (${conditionLabel(line.condition)}) × ${line.quantity} is no longer in stock, so this order cannot be accepted: restock it in the product editor, or refund the payment.`,
  );
}

export async function acceptPayment(db: Db, paymentId: string, actor: string): Promise<void> {
  const { ref, lines: read } = await getPayment(db, paymentId);
  await db
    .transaction()
    .execute(async (trx) => {
      // The lock order: every product row first, in id order, then the units and the orders.
      await stock.lockProducts(
        trx,
        read[0]!.shop,
        read.map((line) => line.product_id),
      );
      const lines = await repo.lockOrdersOfPayment(trx, ref);
      if (lines.length !== read.length) throw new OrderChanged();
      const refused = acceptRefusal(lines);
      if (refused) throw conflict(refused);
      const first = lines[0]!;
      const at = new Date().toISOString();
      for (const line of lines) {
        if (line.stock_reserved === 1 || line.shipped === 1) continue;
        // A price set to 0 since does not stop it: the buyer paid the order's price.
        const taken = await stock.takeUnits(trx, line, at, { forSale: false });
        if (typeof taken !== 'object') await unitsGone(line);
      }
      await repo.acceptOrders(trx, ref, at);
      await recordPaymentMoney(trx, ref, at, actor);
      const total = invoiceTotalCents({ ref, lines });
      await recordActivity(trx, {
        actor,
        action: 'order.accept',
        target: `order ${ref}`,
        before: { payment_status: first.payment_status, amount_paid: dollars(arrivedCents(lines)) },
        after: { payment_status: 'finished', invoice_total: dollars(total) },
        at,
      });
      const payment = { ref, lines: await repo.findOrdersOfPayment(trx, ref) };
      await queuePaidMails(trx, payment, at, 'accepted');
    })
    .catch((error: unknown) => {
      if (error instanceof OrderChanged)
        throw conflict('This order changed while it was being accepted. Try again.');
      throw error;
    });
}
