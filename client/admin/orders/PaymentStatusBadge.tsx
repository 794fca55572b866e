import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import { paymentStatusLabel, paymentStatusTone } from './orderFormat.js';
import styles from './OrderCard.module.css';

/** The payment status as the provider names it, coloured paid / pending / failed. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`${styles.badge} ${styles[paymentStatusTone(status)]}`}>
      <span className={styles.visuallyHidden}>Payment status: </span>
      {paymentStatusLabel(status)}
    </span>
  );
}
