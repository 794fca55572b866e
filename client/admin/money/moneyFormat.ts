/** How the Money screen words the ledger (issue 28). Pure. */
import { formatDollars } from '../../../shared/rules/money.js';
import type { LedgerKind } from '../../../shared/schemas/ledger.js';

export const KIND_LABELS: Record<LedgerKind, string> = {
  received: 'Received',
  refunded: 'Refunded',
  accepted_short: 'Shortfall accepted',
};

/** "$12.50", "−$12.50" for a net that went out (a true minus sign, read as "minus"). */
export function signedDollars(amount: string): string {
  return amount.startsWith('-') ? `−${formatDollars(amount.slice(1))}` : formatDollars(amount);
}

/** "2026-11-02 08:00" (UTC, as the ledger's days are); '' if unreadable. */
export function ledgerTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time).toISOString().slice(0, 16).replace('T', ' ');
}

/** "November 2026" for "2026-11" (UTC). */
export function monthName(month: string): string {
  const time = Date.parse(`${month}-01T00:00:00.000Z`);
  if (Number.isNaN(time)) return month;
  return new Date(time).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
