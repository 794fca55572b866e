import type { Kysely, Transaction } from 'kysely';
import { formatDollars } from '../../../shared/rules/money.js';
import { mayRestock, RESTOCK_NEEDS_WHOLE_REFUND } from '../../../shared/rules/payment-amounts.js';
import type { PaymentStatus, RefundBody } from '../../../shared/schemas/buying.js';
import type { Database, OrderRow } from '../../db/types.js';
import { badRequest, conflict } from '../../http/errors.js';
import { recordActivity } from '../activity/index.js';
import { getPayment } from './lookup.js';
import { arrivedCents, recordRefundMoney } from './money.js';
import { dollars } from './presenter.js';
import { queueRefundedMail } from './notifications.js';
import { completeReturnByRefund } from './returns/service.js';
import * as stock from '../stock/index.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/**
 * Why the payment cannot be refunded now, or undefined when it can: a paid one, and one that ended
 * (expired, failed) after money had arrived for it (issue 28: that money is settled with the buyer).
 */
function refundRefusal(lines: readonly OrderRow[]): string | undefined {
  const status = lines[0]?.payment_status;
  if (status === 'finished') return undefined;
  if (status === 'refunded') return 'This order is already refunded in full.';
  // Money that did not fit the order (issue 33) may be refunded whatever its status.
  if (lines[0]?.attention_reason != null && arrivedCents(lines) > 0) return undefined;
  if (status === 'expired' || status === 'failed') {
    return arrivedCents(lines) > 0
      ? undefined
      : 'Nothing was received for this order, so there is nothing to refund.';
  }
  return 'Only a paid order, or one that ended with money received, can be refunded.';
}

/** The statuses a whole refund moves to 'refunded' from. */
const ENDS_IN_REFUND = ['finished', 'expired', 'failed'] as const;

/**
 * Each line's share of the refundable amount, by its total (the last line takes the rounding), less
 * what it has had back already: a refund spreads over the lines in that order up to each one's share.
 */
function spread(lines: readonly OrderRow[], amountCents: number): number[] {
  const base = arrivedCents(lines);
  const total = lines.reduce((sum, line) => sum + line.total_cents, 0);
  let given = 0;
  const shares = lines.map((line, index) => {
    const share =
      index === lines.length - 1 ? base - given : Math.floor((base * line.total_cents) / Math.max(total, 1));
    given += share;
    return share;
  });
  let left = amountCents;
  return lines.map((line, index) => {
    const part = Math.min(left, Math.max(shares[index]! - line.refunded_cents, 0));
    left -= part;
    return part;
  });
}

/**
 * A refund the seller made outside the shop, recorded on a paid order (issue 18): on an order paid
 * together with others, on the whole group's payment, spread over its lines. The order rows are locked
 * first (after their products' rows when the units go back: the lock order), so two refunds at once
 * cannot together exceed what was paid. The whole of it refunded makes the payment 'refunded' (and needs
 * no more of the seller's attention); a part leaves it finished with the amount on record. `restock` puts
 * every line's units back on sale, also when they were shipped (the parcel came back), and only with a
 * refund of everything left: after a part refund the order may still be shipped, and its units would be
 * sold twice. Without it a whole refund ends the hold and the units stay gone. The refunds rows, the
 * status and the buyer's e-mail are written in one transaction.
 */
export async function recordRefund(
  db: Db,
  paymentId: string,
  body: RefundBody,
  actor: string,
): Promise<void> {
  const amountCents = Math.round(Number(body.amount) * 100);
  if (amountCents <= 0) throw badRequest('Invalid field "amount": must be more than 0.');
  const { ref } = await getPayment(db, paymentId);
  await db.transaction().execute(async (trx) => {
    if (body.restock) await stock.lockProductsOfPayment(trx, ref);
    const lines = await repo.lockOrdersOfPayment(trx, ref);
    const refused = refundRefusal(lines);
    if (refused) throw conflict(refused);
    const first = lines[0]!;
    const refundedBefore = lines.reduce((sum, line) => sum + line.refunded_cents, 0);
    const left = arrivedCents(lines) - refundedBefore;
    if (amountCents > left) {
      throw badRequest(
        `Invalid field "amount": only ${formatDollars(left / 100)} of this payment is left to refund.`,
      );
    }
    const whole = amountCents === left;
    if (body.restock && !mayRestock(amountCents, left)) throw badRequest(RESTOCK_NEEDS_WHOLE_REFUND);
    const at = new Date().toISOString();
    if (body.rma) await completeReturnByRefund(trx, ref, body.rma, at);
    // Restocked only where the line still held its units (an expired order's went back when it expired).
    const restocked = (line: OrderRow) => body.restock && line.stock_reserved === 1;
    await insertRefundParts(trx, lines, amountCents, body.note, restocked, at);
    if (whole) {
      for (const line of lines) {
        // Units an unpaid order held (money that did not fit it, issue 33) were never sold: they go back.
        const unsold = first.payment_status !== 'finished';
        await stock.releaseReservation(
          trx,
          line.payment_id,
          at,
          body.restock ? 'always' : unsold ? 'unless-shipped' : 'never',
        );
      }
      const from = first.attention_reason === null ? ENDS_IN_REFUND : [first.payment_status as PaymentStatus];
      await repo.advanceStatus(trx, ref, 'refunded', from, at);
    }
    // A return's refund names its RMA in the ledger, so the money is found from the return and back.
    const reference = body.rma ? `${body.rma} ${body.note}`.trim() : body.note;
    await recordRefundMoney(trx, first, ref, amountCents, reference, actor, at);
    await recordActivity(trx, {
      actor,
      action: 'order.refund',
      target: `order ${ref}`,
      before: { payment_status: first.payment_status, refunded: dollars(refundedBefore) },
      after: {
        payment_status: whole ? 'refunded' : first.payment_status,
        refunded: dollars(refundedBefore + amountCents),
        amount: dollars(amountCents),
        note: body.note,
        restock: body.restock,
        ...(body.rma ? { rma: body.rma } : {}),
      },
      at,
    });
    const payment = { ref, lines: await repo.findOrdersOfPayment(trx, ref) };
    const key = `${ref}:${refundedBefore + amountCents}`;
    await queueRefundedMail(trx, payment, { key, amountCents, note: body.note, whole }, at);
  });
}

const PROVIDER_REFUND_NOTE = 'Refunded by the payment provider';

/**
 * The payment's provider refunded it (its own 'refunded' status, applied in the transaction that moved
 * the payment there, whose status change holds the order rows): whatever the seller had not refunded
 * yet is recorded as refunded, spread over the lines as a seller's refund would be, so each line's
 * refunded amount adds up to what was paid. Answers the amount it recorded (what the buyer is told).
 */
export async function recordProviderRefund(
  trx: Transaction<Database>,
  ref: string,
  at: string,
): Promise<number> {
  const lines = await repo.findOrdersOfPayment(trx, ref);
  const left = arrivedCents(lines) - lines.reduce((sum, line) => sum + line.refunded_cents, 0);
  if (left <= 0) return 0;
  // Its units go back on sale with the refund unless they were shipped (or no longer held).
  const restocked = (line: OrderRow) => line.stock_reserved === 1 && line.shipped === 0;
  await insertRefundParts(trx, lines, left, PROVIDER_REFUND_NOTE, restocked, at);
  await recordRefundMoney(trx, lines[0]!, ref, left, PROVIDER_REFUND_NOTE, null, at);
  return left;
}

/** One refund row per line for its share of `amountCents` (spread as every refund is), none for a zero share. */
async function insertRefundParts(
  trx: Transaction<Database>,
  lines: OrderRow[],
  amountCents: number,
  note: string,
  restocked: (line: OrderRow) => boolean,
  at: string,
): Promise<void> {
  const parts = spread(lines, amountCents);
  for (const [index, line] of lines.entries()) {
    const part = parts[index]!;
    if (part > 0) {
      await repo.insertRefund(trx, {
        order_id: line.id,
        amount_cents: part,
        note,
        restocked: restocked(line),
        at,
      });
    }
  }
}
