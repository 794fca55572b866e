/** Exactly which fields of a ledger row leave the server. */
import type { LedgerRow } from '../../../shared/schemas/ledger.js';
import type { LedgerEntryRow } from '../../db/types.js';

/** Cents as dollars with two decimals, a minus sign when negative: -1250 -> "-12.50". */
export const signedDollars = (cents: number) => (cents < 0 ? '-' : '') + (Math.abs(cents) / 100).toFixed(2);

export function presentLedgerRow(row: LedgerEntryRow): LedgerRow {
  return {
    at: row.at,
    order: row.payment_ref,
    buyer_email: row.buyer_email,
    provider: row.provider,
    kind: row.kind,
    // Always positive: the kind says which way it went (a CSV cell starting with '-' would be escaped).
    amount: signedDollars(row.amount_cents),
    currency: row.currency,
    reference: row.reference,
    actor: row.actor,
  };
}
