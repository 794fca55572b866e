import { useId } from 'react';
import type { Purchase } from '../../../shared/schemas/buying.js';
import form from '../../ui/Form.module.css';
import { countOf } from '../../ui/plural.js';
import { OrderCard } from './OrderCard.js';
import { orderActions, orderTotal } from './orderView.js';
import { PartPaymentNote } from './PartPaymentNote.js';
import styles from './Orders.module.css';

interface OrderGroupProps {
  /** The group's lines, at least one; they share one invoice. */
  orders: readonly Purchase[];
  onDelete: (order: Purchase) => void;
  deletingId: string | undefined;
}

/**
 * Lines bought with "Checkout all": still one card per order, framed together under what they share,
 * the one invoice (its total, a partial payment and its Pay Now).
 */
export function OrderGroup({ orders, onDelete, deletingId }: OrderGroupProps) {
  const headingId = useId();
  const [first] = orders;
  if (!first) return null;
  const payNow = orderActions(first).payNow && first.invoice_url;
  return (
    <li className={styles.group}>
      {/* A group, not a region: several groups on the page would be landmarks with the same name. */}
      <div role="group" aria-labelledby={headingId} className={styles.groupBody}>
        <div className={styles.groupHead}>
          <h3 id={headingId} className={styles.groupTitle}>
            Paid together: {countOf(orders.length, 'item')}
          </h3>
          <p className={styles.groupTotal}>
            Total <strong>{orderTotal(first.invoice_total)}</strong>
          </p>
        </div>
        <PartPaymentNote order={first} />
        {payNow && (
          <div className={styles.actions}>
            <a className={form.primary} href={payNow} target="_blank" rel="noopener noreferrer">
              Pay Now
            </a>
          </div>
        )}
        <ul className={styles.groupLines}>
          {orders.map((order) => (
            <OrderCard
              key={order.payment_id}
              order={order}
              onDelete={onDelete}
              deleting={deletingId === order.payment_id}
              grouped
            />
          ))}
        </ul>
      </div>
    </li>
  );
}
