import type { LedgerRow } from '../../../shared/schemas/ledger.js';
import { formatDollars } from '../../../shared/rules/money.js';
import controls from '../ui/Controls.module.css';
import { KIND_LABELS, ledgerTime } from './moneyFormat.js';
import styles from './Money.module.css';

/** Each movement of the period, oldest first, as the CSV has it. */
export function LedgerRows({ rows }: { rows: readonly LedgerRow[] }) {
  return (
    <section className={controls.card} aria-label="Every movement">
      <h2 className={styles.heading}>Every movement</h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>No money moved in this period.</p>
      ) : (
        <div className={styles.scroll} tabIndex={0} role="region" aria-label="Every movement, scrollable">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Time (UTC)</th>
                <th scope="col">What</th>
                <th scope="col">Amount</th>
                <th scope="col">Order</th>
                <th scope="col">Buyer</th>
                <th scope="col">Provider</th>
                <th scope="col">Reference</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={`${row.at}-${index}`}>
                  <td>{ledgerTime(row.at)}</td>
                  <td>{KIND_LABELS[row.kind]}</td>
                  <td className={row.kind === 'refunded' ? styles.out : undefined}>
                    {row.kind === 'refunded' ? '−' : ''}
                    {formatDollars(row.amount)}
                  </td>
                  <td className={styles.code}>{row.order}</td>
                  <td>{row.buyer_email}</td>
                  <td>{row.provider}</td>
                  <td>{row.reference || '—'}</td>
                  <td>{row.actor ?? 'Provider'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
