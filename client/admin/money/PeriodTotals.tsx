import type { LedgerTotals } from '../../../shared/schemas/ledger.js';
import controls from '../ui/Controls.module.css';
import { monthName, signedDollars } from './moneyFormat.js';
import styles from './Money.module.css';

interface PeriodTotalsProps {
  heading: string;
  rows: (LedgerTotals & { key: string })[];
  /** Keys are months (YYYY-MM), shown by name. */
  monthly?: boolean;
}

/** Received, refunded and net per month or per day of the period, the days without movement left out. */
export function PeriodTotals({ heading, rows, monthly = false }: PeriodTotalsProps) {
  return (
    <section className={controls.card} aria-label={heading}>
      <h2 className={styles.heading}>{heading}</h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>No money moved in this period.</p>
      ) : (
        <div className={styles.scroll} tabIndex={0} role="region" aria-label={`${heading}, scrollable`}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{monthly ? 'Month' : 'Day'}</th>
                <th scope="col">Received</th>
                <th scope="col">Refunded</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{monthly ? monthName(row.key) : row.key}</th>
                  <td>{signedDollars(row.received)}</td>
                  <td>{signedDollars(row.refunded)}</td>
                  <td>{signedDollars(row.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
