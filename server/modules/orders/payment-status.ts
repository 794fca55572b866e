import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import {
  isMoneyArriving,
  paymentStatusPredecessors,
  releasesStock,
} from '../../../shared/rules/payment-status.js';
import type { Database } from '../../db/types.js';
import { invoiceTotalCents, OrderChanged, type Payment } from './lookup.js';
import { recordPaymentMoney } from './money.js';
import * as mails from './notifications.js';
import { recordProviderRefund } from './refunds.js';
import * as stock from '../stock/index.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** What a provider (or the sandbox page) says of a payment: its status and, when it says, what arrived. */
export interface PaymentNews {
  status: PaymentStatus;
  /** What arrived for the invoice so far, in USD cents. */
  paidCents?: number | undefined;
}

export interface SettleOptions {
  now?: Date;
  /** PAYMENT_UNDERPAID_TOLERANCE_PERCENT: a part payment short by no more than this share counts as paid. */
  tolerancePercent?: number;
  /** ORDER_HOLD_MINUTES: the partly paid e-mail says until when the rest may come. */
  holdMinutes?: number;
}

/** Paid more than the invoice asks by more than a cent. */
export const isOverpaid = (paidCents: number | null, totalCents: number) =>
  paidCents !== null && paidCents > totalCents + 1;

/**
 * The status the news comes to: a part payment short by no more than the tolerance is a payment
 * (finished, with the real amount recorded so both sides see what was accepted).
 */
function withTolerance(news: PaymentNews, totalCents: number, tolerancePercent: number): PaymentStatus {
  if (news.status !== 'partially_paid' || news.paidCents === undefined) return news.status;
  const short = totalCents - news.paidCents;
  return short * 100 <= totalCents * tolerancePercent ? 'finished' : news.status;
}

/** What changed in one transaction, for the e-mails that tell of it. */
interface Change {
  /** The status moved to this one (undefined: it stayed). */
  movedTo?: PaymentStatus | undefined;
  amountChanged: boolean;
  revived?: { unitsSold: boolean } | undefined;
  /** The provider refunded the payment: what was left of it after the seller's own refunds. */
  providerRefundCents?: number | undefined;
}

/**
 * Queues the e-mails a change tells of, in its transaction, with the payment as it now is. Each key
 * names its event, so a replay queues nothing more.
 */
async function tell(
  trx: Trx,
  ref: string,
  change: Change,
  at: string,
  options: SettleOptions,
): Promise<void> {
  const payment: Payment = { ref, lines: await repo.findOrdersOfPayment(trx, ref) };
  const order = payment.lines[0];
  if (!order) return;
  const status = order.payment_status as PaymentStatus;
  const overpaid = isOverpaid(order.invoice_paid_cents, invoiceTotalCents(payment));
  if (change.revived) await mails.queueAttentionMail(trx, payment, 'paid_late', at);
  if (change.revived?.unitsSold) await mails.queueAttentionMail(trx, payment, 'units_sold', at);
  if (change.movedTo === 'finished') await mails.queuePaidMails(trx, payment, at);
  if (status === 'finished' && overpaid) await mails.queueAttentionMail(trx, payment, 'overpaid', at);
  if (status === 'partially_paid' && (change.movedTo || change.amountChanged)) {
    const holdMs = (options.holdMinutes ?? 60) * 60_000;
    const payUntil = order.invoice_url ? new Date(Date.parse(at) + holdMs).toISOString() : null;
    await mails.queuePartlyPaidMails(trx, payment, payUntil, at);
  }
  if (change.movedTo === 'expired') await mails.queueExpiredMails(trx, payment, at);
  if (change.movedTo === 'refunded') {
    // The provider refunded it (not the seller's form): what was left after the seller's refunds.
    const amountCents = change.providerRefundCents ?? 0;
    await mails.queueRefundedMail(
      trx,
      payment,
      { key: `provider:${ref}`, amountCents, note: '', whole: true },
      at,
    );
  }
}

/** The payment an order or group reference names: a grouped line's own payment_id stands for its group. */
async function paymentOf(trx: Trx, orderOrGroupRef: string): Promise<Payment> {
  const lines = await repo.findOrdersOfPayment(trx, orderOrGroupRef);
  const groupId = lines.length === 1 ? lines[0]!.group_id : null;
  if (!groupId) return { ref: orderOrGroupRef, lines };
  return { ref: groupId, lines: await repo.findOrdersOfPayment(trx, groupId) };
}

/**
 * Records the amount when the news gives more than the one on record (the write itself compares, so a
 * stale read cannot lower it); true when it rose.
 */
async function recordAmount(trx: Trx, ref: string, news: PaymentNews, at: string): Promise<boolean> {
  if (news.paidCents === undefined) return false;
  return repo.raiseInvoicePaid(trx, ref, news.paidCents, at);
}

/**
 * Moves the payment's status (every order of it: a group's lines together) if `from` allows it,
 * releasing the units when the new status gives them up, recording the amount that arrived, and queueing
 * the e-mails of what changed, all in one transaction. True when the status changed.
 */
async function changePayment(
  db: Db,
  orderOrGroupRef: string,
  news: PaymentNews,
  at: string,
  options: SettleOptions,
  from?: readonly PaymentStatus[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { ref, lines } = await paymentOf(trx, orderOrGroupRef);
    if (lines.length === 0) return false;
    const payment = { ref, lines };
    const to = withTolerance(news, invoiceTotalCents(payment), options.tolerancePercent ?? 0);
    if (releasesStock(to)) await stock.lockProductsOfPayment(trx, ref);
    const allowed = from ?? paymentStatusPredecessors(to);
    const changed = await repo.advanceStatus(trx, ref, to, allowed, at);
    const amountChanged = await recordAmount(trx, ref, news, at);
    // Before the units go back: a line still holding its unshipped units is refunded with them.
    const providerRefundCents =
      changed && to === 'refunded' ? await recordProviderRefund(trx, ref, at) : undefined;
    if (changed && releasesStock(to)) {
      for (const line of lines) await stock.releaseReservation(trx, line.payment_id, at);
    }
    if (changed || amountChanged) await recordPaymentMoney(trx, ref, at);
    if (changed || amountChanged)
      await tell(
        trx,
        ref,
        { movedTo: changed ? to : undefined, amountChanged, providerRefundCents },
        at,
        options,
      );
    return changed;
  });
}

/** Moves the status if `from` allows it, releasing the units when the new status gives them up. */
export async function moveStatus(
  db: Db,
  paymentRef: string,
  to: PaymentStatus,
  from: readonly PaymentStatus[],
  at: string,
  options: SettleOptions = {},
): Promise<boolean> {
  return changePayment(db, paymentRef, { status: to }, at, options, from);
}

/**
 * The one place a payment's status changes (the sandbox's Pay comes here, verified callbacks through
 * applyProviderStatus). `paymentRef` is an order's payment_id or a group's grp_…: a group's lines move
 * together. Statuses only move forward; failed, expired and refunded give the units back, exactly once.
 * Returns whether the status changed.
 */
export async function applyPaymentStatus(
  db: Db,
  paymentRef: string,
  news: PaymentStatus | PaymentNews,
  options: SettleOptions = {},
): Promise<boolean> {
  const at = (options.now ?? new Date()).toISOString();
  return changePayment(db, paymentRef, typeof news === 'string' ? { status: news } : news, at, options);
}

/**
 * What a provider reported in a verified callback. As applyPaymentStatus, and one more case: money
 * arriving for a payment the sweep expired (the provider's invoice outlives our hold). The buyer paid,
 * so the order comes back, flagged paid late: each line holding its units again if they are still
 * there, else flagged needs_attention for the seller to restock or refund, and logged as an error.
 */
export async function applyProviderStatus(
  db: Db,
  paymentRef: string,
  news: PaymentNews,
  options: SettleOptions & { log: Pick<FastifyBaseLogger, 'error'> },
): Promise<boolean> {
  const at = (options.now ?? new Date()).toISOString();
  if (await changePayment(db, paymentRef, news, at, options)) return true;
  if (!isMoneyArriving(news.status)) return false;
  const revived = await reviveExpiredPayment(db, paymentRef, news, at, options);
  if (revived === 'unreserved') {
    options.log.error(
      { paymentId: paymentRef, status: news.status },
      'an expired order was paid but its units are gone: restock or refund it (needs_attention)',
    );
  }
  // Not expired (any more): another callback may have revived it meanwhile, and this one may follow it.
  return revived === undefined ? changePayment(db, paymentRef, news, at, options) : true;
}

/**
 * Revives an expired payment (see applyProviderStatus); undefined when it is not, or no longer, expired.
 * 'unreserved' when a line's units could not be taken again.
 */
async function reviveExpiredPayment(
  db: Db,
  orderOrGroupRef: string,
  news: PaymentNews,
  at: string,
  options: SettleOptions,
): Promise<'reserved' | 'unreserved' | undefined> {
  return db
    .transaction()
    .execute(async (trx) => {
      const { ref, lines } = await paymentOf(trx, orderOrGroupRef);
      // A failed payment that money still arrives for comes back as an expired one does (issue 33).
      const expired = (line: (typeof lines)[number]) =>
        (line.payment_status === 'expired' || line.payment_status === 'failed') && line.stock_reserved === 0;
      if (lines.length === 0 || !lines.every(expired)) return undefined;
      const payment = { ref, lines };
      const to = withTolerance(news, invoiceTotalCents(payment), options.tolerancePercent ?? 0);
      // The lock order: every product row first, in id order, then the units and the orders.
      await stock.lockProducts(
        trx,
        lines[0]!.shop,
        lines.map((line) => line.product_id),
      );
      let unitsSold = false;
      for (const line of lines) {
        // A price set to 0 since does not stop it: the buyer paid the order's price.
        const taken = await stock.takeUnits(trx, line, at, { forSale: false });
        const reserved = typeof taken === 'object';
        unitsSold ||= !reserved;
        // Conditional: a second callback reviving it at the same time rolls back, units and all.
        if (!(await repo.reviveExpiredOrder(trx, line.payment_id, to, reserved, at)))
          throw new OrderChanged();
      }
      const amountChanged = await recordAmount(trx, ref, news, at);
      await recordPaymentMoney(trx, ref, at);
      await tell(trx, ref, { movedTo: to, amountChanged, revived: { unitsSold } }, at, options);
      return unitsSold ? 'unreserved' : 'reserved';
    })
    .catch((error: unknown) => {
      if (error instanceof OrderChanged) return undefined;
      throw error;
    });
}
