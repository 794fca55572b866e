import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import { paymentStatusTone } from '../../../shared/rules/payment-status.js';
import tone from '../../ui/StatusTone.module.css';
import { paymentStatusLabel } from './orderFormat.js';
import card from '../ui/Card.module.css';

/** The payment status as the provider names it, coloured paid / pending / failed. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`${card.badge} ${tone[paymentStatusTone(status)]}`}>
      <span className="visually-hidden">Payment status: </span>
      {paymentStatusLabel(status)}
    </span>
  );
}
