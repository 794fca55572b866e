/** The ledger of a period as CSV, with formula escaping (CSV injection: buyer e-mails and notes are typed text). */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { LEDGER_CSV_COLUMNS, type LedgerRow } from '../../../shared/schemas/ledger.js';

export function ledgerCsv(rows: readonly LedgerRow[]): Readable {
  const csv = stringify({ header: true, columns: [...LEDGER_CSV_COLUMNS], escape_formulas: true });
  Readable.from(rows.map((row) => ({ ...row, actor: row.actor ?? '' }))).pipe(csv);
  return csv;
}
