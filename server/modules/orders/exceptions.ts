/**
 * Money a provider reports for a payment the shop cannot apply normally (issue 33) is never lost: a
 * deleted order or group comes back as a record, and money that does not fit its payment (another
 * invoice, an amount far from the total, one line of a group named alone) is recorded as arrived, in
 * the ledger, and flagged for the seller with the reason and an e-mail. The provider is answered 2xx.
 */
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/types.js';
import { recordPaymentMoney } from './money.js';
import { queueAttentionMail } from './notifications.js';
import type { PaymentNews } from './payment-status.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/**
 * Brings a deleted order or group back as it was, expired (its units went back when it was deleted),
 * once: the payment path then applies the money as for any expired order (revived paid late, its units
 * held again if they are still there, else flagged). False when nothing was deleted under `ref`.
 */
export async function restoreDeletedPayment(db: Db, ref: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    const deleted = await repo.claimDeletedPayment(trx, ref, at);
    if (!deleted) return false;
    for (const line of JSON.parse(deleted.lines_json) as OrderRow[]) {
      const { id: _id, ...row } = line;
      await repo.insertOrder(trx, { ...row, payment_status: 'expired', stock_reserved: 0, updated_at: at });
    }
    return true;
  });
}

/**
 * Records money reported for a payment that it does not fit (`reason`, a sentence for the seller): what
 * arrived is raised on the order and written to the ledger, the order is flagged for the seller (its
 * status untouched), and the seller is e-mailed, in one transaction. A replay records nothing more.
 */
export async function recordMoneyException(
  db: Db,
  ref: string,
  news: PaymentNews,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    const lines = await repo.lockOrdersOfPayment(trx, ref);
    if (lines.length === 0) return;
    if (news.paidCents !== undefined) await repo.raiseInvoicePaid(trx, ref, news.paidCents, at);
    await repo.flagAttention(trx, ref, reason, at);
    await recordPaymentMoney(trx, ref, at);
    const payment = { ref, lines: await repo.findOrdersOfPayment(trx, ref) };
    // One e-mail per amount: a larger one tells again, a replay does not.
    const paid = payment.lines[0]!.invoice_paid_cents ?? 0;
    await queueAttentionMail(trx, payment, 'money_exception', at, String(paid));
  });
}
