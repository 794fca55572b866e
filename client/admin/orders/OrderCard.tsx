import { useId } from 'react';
import type { AdminOrder } from '../../../shared/schemas/buying.js';
import { formatDollars } from '../../../shared/rules/money.js';
import { hasReceivedMoney, refundedCents } from '../../../shared/rules/payment-amounts.js';
import { canDeleteOrder } from '../../../shared/rules/payment-status.js';
import { PaymentStatusBadge } from '../../ui/PaymentStatusBadge.js';
import tone from '../../ui/StatusTone.module.css';
import { AcceptSection } from './AcceptSection.js';
import { DeleteOrderButton } from './DeleteOrderButton.js';
import { FieldList } from './FieldList.js';
import { OrderImage } from './OrderImage.js';
import { OrderPayment } from './OrderPayment.js';
import { OrderShipping } from './OrderShipping.js';
import { conditionLabel, dashIfEmpty, formatOrderDate } from './orderFormat.js';
import { paymentNotes } from './paymentNotes.js';
import { RefundSection } from './RefundSection.js';
import { ReturnsSection } from './ReturnsSection.js';
import card from '../ui/Card.module.css';
import styles from './OrderCard.module.css';

interface OrderCardProps {
  order: AdminOrder;
  /** The other lines of its group on this page (none for an order paid alone). */
  groupLines?: readonly AdminOrder[];
}

/**
 * One order as docs/product.md §2's admin orders page lists it, plus the condition bought and (issue 18)
 * its amounts, group and refunds, with "Record a refund" on a paid order.
 */
export function OrderCard({ order, groupLines = [] }: OrderCardProps) {
  const titleId = useId();
  const email = order.email.trim();
  const notes = paymentNotes(order);

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <OrderImage order={order} />
        <div className={styles.headText}>
          <h2 id={titleId} className={styles.title}>
            {dashIfEmpty(order.title)}
          </h2>
          <div className={styles.headline}>
            <span className={styles.amount}>{formatDollars(order.total_amount)}</span>
            <PaymentStatusBadge status={order.payment_status} className={card.badge} />
            {order.payment_status !== 'refunded' && refundedCents(order) > 0 && (
              <span className={`${card.badge} ${tone.neutral}`}>Partly refunded</span>
            )}
          </div>
        </div>
      </div>

      {order.needs_attention && (
        <p className={styles.attention} role="note">
          Paid after its hold expired, and the units were sold meanwhile: restock or refund this order.
        </p>
      )}
      {notes.map((note) => (
        <p key={note} className={styles.attention} role="note">
          {note}
        </p>
      ))}

      <FieldList
        label="Order"
        fields={[
          { label: 'Order ID', value: String(order.id) },
          { label: 'Product ID', value: String(order.product_id) },
          { label: 'Condition', value: conditionLabel(order.condition) },
          { label: 'Quantity', value: String(order.quantity) },
          { label: 'Amount', value: formatDollars(order.total_amount) },
          { label: 'Date', value: formatOrderDate(order.created_at) },
          {
            label: 'Email',
            value: email ? <a href={`mailto:${email}`}>{email}</a> : dashIfEmpty(email),
            wide: true,
          },
          { label: 'Payment ID', value: order.payment_id, wide: true, code: true },
        ]}
      />

      <OrderPayment order={order} groupLines={groupLines} />
      <RefundSection order={order} groupLines={groupLines} />
      <AcceptSection order={order} otherLines={groupLines.length} />
      <ReturnsSection order={order} groupLines={groupLines} />

      <OrderShipping order={order} />

      <FieldList
        label="Ship to"
        fields={[
          { label: 'Contact name', value: dashIfEmpty(order.contact_name), wide: true },
          { label: 'Phone', value: dashIfEmpty(order.phone), wide: true },
          { label: 'Address', value: dashIfEmpty(order.address), wide: true },
          { label: 'City', value: dashIfEmpty(order.city) },
          { label: 'State/Province', value: dashIfEmpty(order.state_prov) },
          { label: 'Postal code', value: dashIfEmpty(order.postal_code) },
        ]}
      />

      {canDeleteOrder(order.payment_status, 'admin') && !hasReceivedMoney(order) && (
        <DeleteOrderButton paymentId={order.payment_id} otherLines={groupLines.length} />
      )}
    </article>
  );
}
