import { invoiceBalance } from '../../../shared/rules/payment-amounts.js';
import type { SandboxOrder } from '../../../shared/schemas/buying.js';
import { paymentStatusLabel } from '../../../shared/rules/status-labels.js';
import { conditionText, orderTotal } from '../account/orderView.js';
import { dollars } from '../account/paymentView.js';
import { PurchaseLines } from '../account/PurchaseLines.js';
import styles from './Pay.module.css';

/**
 * The order being paid: title, condition, quantity, total and where its payment stands; for a "Checkout
 * all" group (issue 18) each of its lines, and for a part payment what arrived and what is left.
 */
export function SandboxOrderFacts({ order }: { order: SandboxOrder }) {
  const grouped = order.lines.length > 1;
  const rows: [string, string][] = [
    ...(grouped ? [] : ([['Condition', conditionText(order.condition)]] as [string, string][])),
    ['Quantity', String(order.quantity)],
    ['Status', paymentStatusLabel(order.payment_status)],
    ['Order', order.payment_id],
  ];
  const { paidCents, shortCents } = invoiceBalance({
    invoice_total: order.total_amount,
    amount_paid: order.amount_paid,
  });
  return (
    <section className={styles.order} aria-label="Order">
      <h2 className={styles.title}>{grouped ? `One payment for ${order.title}` : order.title}</h2>
      {grouped && (
        <PurchaseLines
          lines={order.lines.map((line) => ({
            ...line,
            key: line.payment_id,
            total: orderTotal(line.total_amount),
          }))}
          ruled="below"
        />
      )}
      <dl className={styles.facts}>
        {rows.map(([term, value]) => (
          // The reference is long and unbroken: on its own row it wraps less.
          <div key={term} className={term === 'Order' ? styles.wide : undefined}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.total}>
        Total: <strong>{orderTotal(order.total_amount)}</strong>
      </p>
      {paidCents !== null && shortCents > 0 && (
        <p className={styles.paidSoFar}>
          Paid so far: <strong>{dollars(paidCents)}</strong> · Left to pay:{' '}
          <strong>{dollars(shortCents)}</strong>
        </p>
      )}
    </section>
  );
}
