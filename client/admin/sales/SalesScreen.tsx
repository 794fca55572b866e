import { lazy, Suspense } from 'react';
import type { ShopConfig } from '../../../shared/shops.js';
import { formatDollars } from '../../../shared/rules/money.js';
import { useSearchParams } from '../../app/router.js';
import { countOf } from '../../ui/plural.js';
import { useSalesQuery } from '../api/sales.js';
import panel from '../panel/AdminPanel.module.css';
import { ScreenHeader } from '../panel/ScreenHeader.js';
import controls from '../ui/Controls.module.css';
import { SalesLists } from './SalesLists.js';
import styles from './Sales.module.css';

const SalesChart = lazy(() => import('./SalesChart.js'));
const RANGES = [30, 90] as const;

/** The Money screen's ?from=&to= for the dashboard's last `days` days (UTC), so both show one period. */
function moneyPeriod(days: number, now = new Date()): string {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00.000Z`) - (days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return `?from=${from}&to=${to}`;
}

/** Orders and revenue per day for the last 30 or 90 days (?days=), and what needs the seller's attention. */
export function SalesScreen({ shop }: { shop: ShopConfig }) {
  const [params, setParams] = useSearchParams();
  const days = params.get('days') === '90' ? 90 : 30;
  const sales = useSalesQuery(days);

  return (
    <main className={panel.page}>
      <ScreenHeader
        shop={shop}
        title="Sales"
        links={[{ to: `${shop.adminRoute}/money${moneyPeriod(days)}`, label: 'Money' }]}
      />
      <div className={styles.toolbar}>
        <label className={styles.range}>
          <span>Period</span>
          <select
            className={controls.input}
            value={days}
            onChange={(event) => setParams(event.target.value === '30' ? {} : { days: event.target.value })}
          >
            {RANGES.map((range) => (
              <option key={range} value={range}>
                Last {countOf(range, 'day')}
              </option>
            ))}
          </select>
        </label>
        {sales.data && (
          <p className={styles.totals}>
            {countOf(sales.data.totals.orders, 'order')} · {formatDollars(sales.data.totals.revenue)} net
            received
          </p>
        )}
      </div>
      {sales.isPending && <p className={styles.loading}>Loading sales…</p>}
      {sales.isError && <p role="alert">Could not load the sales: {sales.error.message}</p>}
      {sales.data && (
        <>
          <section className={controls.card} aria-label="Orders and revenue per day">
            <Suspense fallback={<div className={styles.chartSpace} />}>
              <SalesChart days={sales.data.days} />
            </Suspense>
          </section>
          <SalesLists sales={sales.data} />
        </>
      )}
    </main>
  );
}
