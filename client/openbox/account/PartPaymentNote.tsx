import type { Purchase } from '../../../shared/schemas/buying.js';
import { endedPayment, partPayment } from './paymentView.js';
import styles from './Orders.module.css';

/**
 * "Paid $40.00 of $100.00 · $60.00 left to pay by 2025-03-01 14:05" on a partly paid order or group, and
 * what arrived for one that ended before it was paid in full (issue 28).
 */
export function PartPaymentNote({ order }: { order: Purchase }) {
  const part = partPayment(order, new Date());
  const ended = endedPayment(order);
  if (ended) return <p className={styles.partPaid}>{ended}</p>;
  if (!part) return null;
  return (
    <p className={styles.partPaid}>
      <strong>{part.paid}</strong>
      <span>
        {part.left} left to pay{part.until ? ` by ${part.until}` : ''}
      </span>
    </p>
  );
}
