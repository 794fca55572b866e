/**
 * The ledger rows of a payment's events (issue 28), written in the transaction that changed the
 * payment, after its rows were written (so they are locked): money that arrived is recorded once, as
 * the difference between what the order now says arrived and what the ledger already holds, so a
 * replayed or racing callback records nothing twice.
 */
import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '../../db/types.js';
import { ledgerSumsOf, recordEntry } from '../ledger/index.js';
import * as repo from './repository.js';

type Trx = Transaction<Database>;

const paidInFull = (status: string) => status === 'finished' || status === 'refunded';

/** What arrived for the payment: the provider's amount, else (paid with no amount said) the invoice. */
export function arrivedCents(lines: readonly OrderRow[]): number {
  const first = lines[0];
  if (!first) return 0;
  const total = lines.reduce((sum, line) => sum + line.total_cents, 0);
  return first.invoice_paid_cents ?? (paidInFull(first.payment_status) ? total : 0);
}

/**
 * Records what arrived beyond the ledger's `received` rows, and, once the payment counts as paid, the
 * shortfall it was accepted with (the tolerance, or the seller's accept: `actor`) beyond the ledger's
 * `accepted_short` rows.
 */
export async function recordPaymentMoney(
  trx: Trx,
  ref: string,
  at: string,
  actor: string | null = null,
): Promise<void> {
  const lines = await repo.findOrdersOfPayment(trx, ref);
  const first = lines[0];
  if (!first) return;
  const sums = await ledgerSumsOf(trx, ref);
  const base = {
    paymentRef: ref,
    buyerEmail: first.email,
    provider: first.provider,
    at,
  };
  const arrived = arrivedCents(lines);
  await recordEntry(trx, {
    ...base,
    kind: 'received',
    amountCents: arrived - sums.received,
    reference: first.provider_invoice_id ?? '',
    actor: null,
  });
  if (first.payment_status !== 'finished') return;
  const total = lines.reduce((sum, line) => sum + line.total_cents, 0);
  await recordEntry(trx, {
    ...base,
    kind: 'accepted_short',
    amountCents: total - Math.max(arrived, sums.received) - sums.accepted_short,
    reference: actor ? 'Accepted by the seller' : 'Within the underpayment tolerance',
    actor,
  });
}

/** A refund's row: what went back to the buyer. */
export async function recordRefundMoney(
  trx: Trx,
  first: OrderRow,
  ref: string,
  amountCents: number,
  note: string,
  actor: string | null,
  at: string,
): Promise<void> {
  await recordEntry(trx, {
    paymentRef: ref,
    buyerEmail: first.email,
    provider: first.provider,
    at,
    kind: 'refunded',
    amountCents,
    reference: note,
    actor,
  });
}
