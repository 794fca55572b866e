import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { InvoiceIssuer } from './checkout.js';
import {
  PAYMENT_STATUSES,
  type PaymentStatus,
  type Purchase,
  type SessionUser,
} from '../../../shared/schemas/buying.js';
import { canDeleteOrder } from '../../../shared/rules/payment-status.js';
import type { Database, OrderRow } from '../../db/types.js';
import { conflict, HttpError } from '../../http/errors.js';
import { recordActivity } from '../activity/index.js';
import { findPayment, getPayment, OrderChanged } from './lookup.js';
import { presentPurchase } from './presenter.js';
import { buyerReturnFacts, returnsByOrder } from './returns/service.js';
import * as stock from '../stock/index.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/**
 * The buyer's orders, newest first: ORDER_HOLD_MINUTES says until when an unpaid one may be paid,
 * RETURN_WINDOW_DAYS until when a sent one may be returned; each line with its returns (one query).
 */
export async function listMyPurchases(
  db: Db,
  buyer: SessionUser,
  config: { ORDER_HOLD_MINUTES: number; RETURN_WINDOW_DAYS: number },
): Promise<Purchase[]> {
  const rows = await repo.findOrdersOfUser(db, buyer.sub);
  const returns = await returnsByOrder(
    db,
    rows.map((row) => row.id),
  );
  const now = Date.now();
  return rows.map((row) =>
    presentPurchase(
      row,
      config.ORDER_HOLD_MINUTES,
      buyerReturnFacts(row, returns.get(row.id) ?? [], config.RETURN_WINDOW_DAYS, now),
    ),
  );
}

/** Who is deleting: a buyer (their own unpaid orders) or the admin (any unfinished one), docs/architecture.md §6. */
export type OrderCaller = { kind: 'buyer'; buyer: SessionUser } | { kind: 'admin'; actor: string };

/** The sentence for deleting an order that money arrived for, whoever asks (issue 28). */
export const KEPT_ON_RECORD = 'This order has received a payment, so it is kept on record.';

function refusal(order: OrderRow, caller: OrderCaller): HttpError | undefined {
  if (caller.kind === 'buyer' && order.user_id !== caller.buyer.sub) {
    return new HttpError(403, 'That order is not yours.');
  }
  const status = order.payment_status as PaymentStatus;
  if (status === 'finished') return conflict('A paid order cannot be deleted.');
  if ((order.invoice_paid_cents ?? 0) > 0 || status === 'refunded') return conflict(KEPT_ON_RECORD);
  if (canDeleteOrder(status, caller.kind)) return undefined;
  return conflict('The payment for this order is under way, so it cannot be deleted now.');
}

/**
 * Deletes an order and gives back the units it still holds. An order paid together with others ("Checkout
 * all") shares their invoice, so deleting one line deletes the whole group.
 */
export async function deletePurchase(
  db: Db,
  caller: OrderCaller,
  paymentId: string,
  /** Cancels the deleted order's invoice at its provider where the provider offers it (issue 33). */
  cancelInvoice?: (order: OrderRow) => Promise<void>,
): Promise<void> {
  const { ref, lines } = await getPayment(db, paymentId);
  const refused = refusal(lines[0]!, caller);
  if (refused) throw refused;
  const deletable = PAYMENT_STATUSES.filter((status) => canDeleteOrder(status, caller.kind));
  const deleted = await db
    .transaction()
    .execute(async (trx) => {
      await stock.lockProductsOfPayment(trx, ref);
      const at = new Date().toISOString();
      for (const line of lines) await stock.releaseReservation(trx, line.payment_id, at);
      // Conditional: a payment that finished since the read above keeps its orders and, by the
      // rollback, their units.
      if ((await repo.deleteOrder(trx, ref, deletable)) !== lines.length) throw new OrderChanged();
      // Kept, so money its provider still reports can bring it back as a record (issue 33).
      await repo.insertDeletedPayment(trx, {
        payment_ref: ref,
        provider: lines[0]!.provider,
        provider_invoice_id: lines[0]!.provider_invoice_id,
        deleted_at: at,
        deleted_by: caller.kind === 'admin' ? caller.actor : 'buyer',
        lines_json: JSON.stringify(lines),
        restored_at: null,
      });
      if (caller.kind === 'admin')
        await recordActivity(trx, {
          actor: caller.actor,
          action: 'order.delete',
          target: `order ${ref}`,
          at,
        });
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof OrderChanged) return false;
      throw error;
    });
  if (deleted) {
    if (cancelInvoice) await cancelInvoice(lines[0]!);
    return;
  }
  // A payment won the race: answered as the paid order it now is (a group's reference is no order's
  // own payment_id, so it is read as the payment it names, never as a 404).
  const current = await findPayment(db, paymentId);
  if (!current) throw conflict('This order was deleted meanwhile.');
  throw (
    refusal(current.lines[0]!, caller) ??
    conflict('This order changed while it was being deleted. Try again.')
  );
}

/**
 * After a delete: the order's invoice made unpayable at the provider that made it, where it offers that
 * (BTCPay: marked Invalid). Best effort: a provider that fails is logged, and money it still takes
 * restores the order (issue 33), so nothing is lost either way.
 */
export async function cancelDeletedInvoice(
  provider: InvoiceIssuer,
  order: OrderRow,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (!provider.cancelInvoice || order.provider !== provider.name || !order.provider_invoice_id) return;
  try {
    await provider.cancelInvoice(order.provider_invoice_id);
  } catch (error) {
    log.warn(
      { err: error, invoiceId: order.provider_invoice_id },
      'could not cancel a deleted order’s invoice at its provider',
    );
  }
}
