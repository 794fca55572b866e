import { paymentStatusLabel, paymentStatusTone } from '../../shared/rules/status-labels.js';
import type { PaymentStatus } from '../../shared/schemas/buying.js';
import tone from './StatusTone.module.css';

/**
 * An order's payment status as every screen words and colours it (shared/rules/status-labels.ts): the
 * buyer's My Orders and the seller's orders page show this one badge, in their own badge shape.
 */
export function PaymentStatusBadge({
  status,
  className = '',
}: {
  status: PaymentStatus;
  className?: string;
}) {
  return (
    <span className={`${className} ${tone[paymentStatusTone(status)]}`}>
      <span className="visually-hidden">Payment status: </span>
      {paymentStatusLabel(status)}
    </span>
  );
}
