import type { SandboxOrder } from '../../../shared/schemas/buying.js';
import { conditionText, orderTotal, paymentStatusText } from '../account/orderView.js';
import styles from './Pay.module.css';

/** The order being paid: title, condition, quantity, total and where its payment stands. */
export function SandboxOrderFacts({ order }: { order: SandboxOrder }) {
  const rows: [string, string][] = [
    ['Condition', conditionText(order.condition)],
    ['Quantity', String(order.quantity)],
    ['Status', paymentStatusText(order.payment_status)],
    ['Order', order.payment_id],
  ];
  return (
    <section className={styles.order} aria-label="Order">
      <h2 className={styles.title}>{order.title}</h2>
      <dl className={styles.facts}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.total}>
        Total: <strong>{orderTotal(order.total_amount)}</strong>
      </p>
    </section>
  );
}
