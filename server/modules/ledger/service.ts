/**
 * The ledger of money (issue 28): every movement one row, written by the caller in the transaction of
 * its event (a payment's news, a refund, an accept), so the record and the change commit together.
 */
import type {
  LedgerKind,
  LedgerQuery,
  LedgerResponse,
  LedgerTotals,
} from '../../../shared/schemas/ledger.js';
import { presentLedgerRow, signedDollars } from './presenter.js';
import * as repo from './repository.js';

export interface LedgerEntry {
  kind: LedgerKind;
  /** The order's payment_id, or its group's grp_…. */
  paymentRef: string;
  buyerEmail: string;
  provider: string;
  amountCents: number;
  /** The provider's reference (its invoice), or a refund's note. */
  reference: string;
  /** Who, for a staff action; null for what a provider reported. */
  actor: string | null;
  at: string;
}

/** Writes one row (nothing for an amount of 0 or less: a row is money that moved). */
export async function recordEntry(db: repo.Db, entry: LedgerEntry): Promise<void> {
  if (entry.amountCents <= 0) return;
  await repo.insertEntry(db, {
    at: entry.at,
    kind: entry.kind,
    payment_ref: entry.paymentRef,
    buyer_email: entry.buyerEmail,
    provider: entry.provider,
    amount_cents: entry.amountCents,
    currency: 'USD',
    reference: entry.reference,
    actor: entry.actor,
  });
}

/** What the ledger holds of one payment, per kind, in cents. */
export const ledgerSumsOf = repo.sumsOfPayment;

const DAY_MS = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The period asked for, or the last 30 days up to today (UTC); both days included. */
export function ledgerPeriod(query: LedgerQuery, now = new Date()): { from: string; to: string } {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00.000Z`) - 29 * DAY_MS));
  return { from, to };
}

/** The first instant after the UTC day `day`. */
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();

function totalsOf(rows: readonly { kind: LedgerKind; amount_cents: number }[]): LedgerTotals {
  let received = 0;
  let refunded = 0;
  for (const row of rows) {
    if (row.kind === 'received') received += row.amount_cents;
    if (row.kind === 'refunded') refunded += row.amount_cents;
  }
  return {
    received: signedDollars(received),
    refunded: signedDollars(refunded),
    net: signedDollars(received - refunded),
  };
}

function groupTotals<K extends string>(
  rows: readonly { at: string; kind: LedgerKind; amount_cents: number }[],
  keyOf: (at: string) => string,
  name: K,
): (LedgerTotals & Record<K, string>)[] {
  const groups = new Map<string, { kind: LedgerKind; amount_cents: number }[]>();
  for (const row of rows) {
    const key = keyOf(row.at);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups].map(
    ([key, group]) => ({ [name]: key, ...totalsOf(group) }) as LedgerTotals & Record<K, string>,
  );
}

/** The ledger of a period: its rows, oldest first, with the totals of the whole, of each day and each month. */
export async function ledgerOf(db: repo.Db, query: LedgerQuery, now = new Date()): Promise<LedgerResponse> {
  const { from, to } = ledgerPeriod(query, now);
  const rows = await repo.entriesBetween(db, `${from}T00:00:00.000Z`, dayAfter(to));
  return {
    from,
    to,
    rows: rows.map(presentLedgerRow),
    totals: totalsOf(rows),
    days: groupTotals(rows, (at) => at.slice(0, 10), 'date'),
    months: groupTotals(rows, (at) => at.slice(0, 7), 'month'),
  };
}

/** Received less refunded per UTC day from `since` up to (not including) `until`, in cents. */
export const netPerDay = repo.netPerDay;
