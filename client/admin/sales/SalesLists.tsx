import type { SalesResponse } from '../../../shared/schemas/adminProducts.js';
import { formatDollars } from '../../../shared/rules.js';
import controls from '../ui/Controls.module.css';
import styles from './Sales.module.css';

/** Orders by payment status, paid orders waiting to ship, low-stock conditions and the most viewed products. */
export function SalesLists({ sales }: { sales: SalesResponse }) {
  return (
    <div className={styles.lists}>
      <section className={controls.card} aria-labelledby="sales-status">
        <h2 id="sales-status" className={styles.heading}>
          Orders by payment status
        </h2>
        {sales.byStatus.length === 0 ? (
          <p className={styles.empty}>No orders in this period.</p>
        ) : (
          <ul className={styles.list}>
            {sales.byStatus.map((row) => (
              <li key={row.status}>
                <span>{row.status}</span>
                <strong>{row.orders}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={controls.card} aria-labelledby="sales-unshipped">
        <h2 id="sales-unshipped" className={styles.heading}>
          Paid, not shipped (oldest first)
        </h2>
        {sales.unshipped.length === 0 ? (
          <p className={styles.empty}>Every paid order has shipped.</p>
        ) : (
          <ul className={styles.list}>
            {sales.unshipped.map((order) => (
              <li key={order.payment_id}>
                <span>
                  {order.title} <small>{order.created_at.slice(0, 10)}</small>
                </span>
                <strong>{formatDollars(order.total)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={controls.card} aria-labelledby="sales-stock">
        <h2 id="sales-stock" className={styles.heading}>
          Low stock
        </h2>
        {sales.lowStock.length === 0 ? (
          <p className={styles.empty}>Nothing is running low.</p>
        ) : (
          <ul className={styles.list}>
            {sales.lowStock.map((row) => (
              <li key={`${row.id}-${row.condition}`}>
                <span>
                  {row.title} <small>{row.condition}</small>
                </span>
                <strong>{row.quantity} left</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={controls.card} aria-labelledby="sales-viewed">
        <h2 id="sales-viewed" className={styles.heading}>
          Most viewed
        </h2>
        <ul className={styles.list}>
          {sales.mostViewed.map((row) => (
            <li key={row.id}>
              <span>{row.title}</span>
              <strong>{row.views} views</strong>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
