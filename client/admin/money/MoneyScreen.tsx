import { useState } from 'react';
import type { ShopConfig } from '../../../shared/shops.js';
import { useSearchParams } from '../../app/router.js';
import { downloadLedger, useLedgerQuery } from '../api/ledger.js';
import panel from '../panel/AdminPanel.module.css';
import { ScreenHeader } from '../panel/ScreenHeader.js';
import controls from '../ui/Controls.module.css';
import { LedgerRows } from './LedgerRows.js';
import { MoneyPeriodForm } from './MoneyPeriodForm.js';
import { PeriodTotals } from './PeriodTotals.js';
import { signedDollars } from './moneyFormat.js';
import styles from './Money.module.css';

/**
 * Every movement of money in a period (?from=&to=, UTC days; the last 30 days by default): the totals,
 * per month and per day, each row, and the same rows as CSV.
 */
export function MoneyScreen({ shop }: { shop: ShopConfig }) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const ledger = useLedgerQuery(from, to);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const link = `${controls.button} ${controls.secondary} ${controls.small}`;

  return (
    <main className={panel.page}>
      <ScreenHeader shop={shop} title="Money" links={[{ to: `${shop.adminRoute}/sales`, label: 'Sales' }]} />
      <MoneyPeriodForm
        from={ledger.data?.from ?? from}
        to={ledger.data?.to ?? to}
        onChange={(period) => setParams(period)}
      />
      {ledger.isPending && <p className={styles.muted}>Loading the ledger…</p>}
      {ledger.isError && <p role="alert">Could not load the ledger: {ledger.error.message}</p>}
      {ledger.data && (
        <>
          <section className={`${controls.card} ${styles.summary}`} aria-label="Totals of the period">
            <dl className={styles.totals}>
              <div>
                <dt>Received</dt>
                <dd>{signedDollars(ledger.data.totals.received)}</dd>
              </div>
              <div>
                <dt>Refunded</dt>
                <dd>{signedDollars(ledger.data.totals.refunded)}</dd>
              </div>
              <div>
                <dt>Net</dt>
                <dd>{signedDollars(ledger.data.totals.net)}</dd>
              </div>
            </dl>
            <button
              type="button"
              className={link}
              onClick={() => {
                setExportProblem(null);
                downloadLedger(ledger.data.from, ledger.data.to).catch((error: Error) =>
                  setExportProblem(`Could not export the ledger: ${error.message}`),
                );
              }}
            >
              Export CSV
            </button>
            {exportProblem && <p role="alert">{exportProblem}</p>}
          </section>
          <PeriodTotals
            heading="Per month"
            rows={ledger.data.months.map((row) => ({ ...row, key: row.month }))}
            monthly
          />
          <PeriodTotals heading="Per day" rows={ledger.data.days.map((row) => ({ ...row, key: row.date }))} />
          <LedgerRows rows={ledger.data.rows} />
        </>
      )}
    </main>
  );
}
