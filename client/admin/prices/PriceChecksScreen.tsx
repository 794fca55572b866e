import { lazy, Suspense, useState, type FormEvent } from 'react';
import { formatDollars } from '../../../shared/rules/money.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { useCheckNowMutation, usePriceChecksQuery, usePriceHistoryQuery } from '../api/priceChecks.js';
import panel from '../panel/AdminPanel.module.css';
import { ScreenHeader } from '../panel/ScreenHeader.js';
import controls from '../ui/Controls.module.css';
import styles from './Prices.module.css';

const PriceHistoryChart = lazy(() => import('./PriceHistoryChart.js'));

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** A shop's price checks: the last pass and its counts, broken links, the last error, and one product's check and history. */
export function PriceChecksScreen({ shop }: { shop: ShopConfig }) {
  const checks = usePriceChecksQuery(shop.key);
  const [productId, setProductId] = useState('');
  const [shown, setShown] = useState<number | undefined>();
  const history = usePriceHistoryQuery(shop.key, shown);
  const checkNow = useCheckNowMutation(shop.key);
  const id = /^\d{1,10}$/.test(productId) ? Number(productId) : undefined;

  const show = (event: FormEvent) => {
    event.preventDefault();
    setShown(id);
  };
  const check = () => {
    if (id === undefined) return;
    checkNow.mutate(id, { onSettled: () => setShown(id) });
  };

  const data = checks.data;
  return (
    <main className={panel.page}>
      <ScreenHeader shop={shop} title="Price checks" />
      {checks.isPending && <p className={styles.muted}>Loading the price checks…</p>}
      {checks.isError && <p role="alert">Could not load the price checks: {checks.error.message}</p>}
      {data && (
        <>
          <section className={controls.card} aria-labelledby="price-source-heading">
            <h2 id="price-source-heading" className={styles.heading}>
              {data.source ? `${data.source} on ${data.marketplace}` : 'No price source'}
            </h2>
            {data.source ? (
              <p className={styles.muted}>
                Every product whose link names a product on {data.marketplace} is read at least every{' '}
                {data.refresh_hours} hours; a price older than a day is not shown.
              </p>
            ) : (
              <p className={styles.muted}>
                Prices are kept as typed and shown with their date. Set AMAZON_CREATORS_CREDENTIAL_ID and the
                other AMAZON_ variables to read them from Amazon.
              </p>
            )}
            <dl className={styles.figures}>
              <div>
                <dt>Last pass started</dt>
                <dd>{when(data.last_pass_started_at)}</dd>
              </div>
              <div>
                <dt>Last pass ended</dt>
                <dd>
                  {data.last_pass_started_at && !data.last_pass_ended_at
                    ? 'running'
                    : when(data.last_pass_ended_at)}
                </dd>
              </div>
              <div>
                <dt>Products checked</dt>
                <dd>{data.checked}</dd>
              </div>
              <div>
                <dt>Price changes</dt>
                <dd>{data.price_changes}</dd>
              </div>
              <div>
                <dt>Out of stock</dt>
                <dd>{data.out_of_stock}</dd>
              </div>
              <div>
                <dt>Broken links</dt>
                <dd>{data.broken_links}</dd>
              </div>
              <div>
                <dt>Not checked</dt>
                <dd>{data.not_checked}</dd>
              </div>
            </dl>
            {data.last_error && (
              <p className={styles.error} role="status">
                Last error ({when(data.last_error_at)}): {data.last_error}
              </p>
            )}
          </section>
          {data.broken.length > 0 && (
            <section className={controls.card} aria-labelledby="broken-heading">
              <h2 id="broken-heading" className={styles.heading}>
                Broken links (prices not shown)
              </h2>
              <ul className={styles.list}>
                {data.broken.map((row) => (
                  <li key={row.id}>
                    <span>
                      {row.id}. {row.title}
                    </span>
                    <span className={styles.muted}>
                      {row.asin}: {row.result === 'not-accessible' ? 'not accessible' : 'not found'}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className={controls.card} aria-labelledby="product-heading">
            <h2 id="product-heading" className={styles.heading}>
              One product
            </h2>
            <form className={styles.productForm} onSubmit={show}>
              <label className={styles.field}>
                <span>Product id</span>
                <input
                  className={controls.input}
                  inputMode="numeric"
                  value={productId}
                  onChange={(event) => setProductId(event.target.value.trim())}
                />
              </label>
              <button
                type="submit"
                className={`${controls.button} ${controls.secondary}`}
                disabled={id === undefined}
              >
                Show price history
              </button>
              {data.source && (
                <button
                  type="button"
                  className={`${controls.button} ${controls.primary}`}
                  disabled={id === undefined || checkNow.isPending}
                  onClick={check}
                >
                  {checkNow.isPending ? 'Checking…' : 'Check now'}
                </button>
              )}
            </form>
            <div aria-live="polite">
              {checkNow.isError && <p className={styles.error}>{checkNow.error.message}</p>}
              {checkNow.data && (
                <p>
                  Product {checkNow.data.id}: {formatDollars(checkNow.data.price)},{' '}
                  {checkNow.data.availability === 'YES' ? 'in stock' : 'out of stock'} ({checkNow.data.result}
                  ).
                </p>
              )}
            </div>
            {history.isError && <p className={styles.error}>{history.error.message}</p>}
            {history.data && (
              <div className={styles.history}>
                <p>
                  {history.data.asin ? `ASIN ${history.data.asin}` : 'Not checked'} · last check{' '}
                  {when(history.data.checked_at)} · 30-day low{' '}
                  {history.data.low_30_days ? formatDollars(history.data.low_30_days) : 'none recorded'}
                </p>
                {history.data.points.length > 0 ? (
                  <Suspense fallback={<div className={styles.chartSpace} />}>
                    <PriceHistoryChart points={history.data.points} />
                  </Suspense>
                ) : (
                  <p className={styles.muted}>No price change recorded in the last 90 days.</p>
                )}
              </div>
            )}
          </section>
        </>
      )}
    </main>
  );
}
