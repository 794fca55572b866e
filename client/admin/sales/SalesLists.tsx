import type { SalesResponse } from '../../../shared/schemas/adminProducts.js';
import { formatDollars } from '../../../shared/rules/money.js';
import { paymentStatusLabel } from '../../../shared/rules/status-labels.js';
import { conditionLabel } from '../../../shared/shops.js';
import { countOf } from '../../ui/plural.js';
import { SalesList } from './SalesList.js';
import styles from './Sales.module.css';

/** Orders by payment status, paid orders waiting to ship, low-stock conditions and the most viewed products. */
export function SalesLists({ sales }: { sales: SalesResponse }) {
  return (
    <div className={styles.lists}>
      <SalesList
        id="sales-status"
        title="Orders by payment status"
        empty="No orders in this period."
        items={sales.byStatus.map((row) => ({
          key: row.status,
          label: paymentStatusLabel(row.status),
          value: row.orders,
        }))}
      />
      <SalesList
        id="sales-unshipped"
        title="Paid, not shipped (oldest first)"
        empty="Every paid order has shipped."
        items={sales.unshipped.map((order) => ({
          key: order.payment_id,
          label: (
            <>
              {order.title} <small>{order.created_at.slice(0, 10)}</small>
            </>
          ),
          value: formatDollars(order.total),
        }))}
      />
      <SalesList
        id="sales-stock"
        title="Low stock"
        empty="Nothing is running low."
        items={sales.lowStock.map((row) => ({
          key: `${row.id}-${row.condition}`,
          label: (
            <>
              {row.title} <small>{conditionLabel(row.condition)}</small>
            </>
          ),
          value: `${row.quantity} left`,
        }))}
      />
      <SalesList
        id="sales-viewed"
        title="Most viewed"
        empty="No products yet."
        items={sales.mostViewed.map((row) => ({
          key: String(row.id),
          label: row.title,
          value: countOf(row.views, 'view'),
        }))}
      />
    </div>
  );
}
