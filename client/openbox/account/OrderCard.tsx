import { productPreviewUrl } from '../../../shared/rules/images.js';
import { shippingLabel } from '../../../shared/rules/status-labels.js';
import type { Purchase } from '../../../shared/schemas/buying.js';
import { SHOP_KEYS, SHOPS } from '../../../shared/shops.js';
import form from '../../ui/Form.module.css';
import { PaymentStatusBadge } from '../../ui/PaymentStatusBadge.js';
import tone from '../../ui/StatusTone.module.css';
import { OrderFact as Fact } from './OrderFact.js';
import { OrderReturns } from './OrderReturns.js';
import { OrderTracking } from './OrderTracking.js';
import { conditionText, orderActions, orderDate, orderTotal } from './orderView.js';
import { PartPaymentNote } from './PartPaymentNote.js';
import { refundText } from './paymentView.js';
import styles from './Orders.module.css';

interface OrderCardProps {
  order: Purchase;
  onDelete: (order: Purchase) => void;
  deleting: boolean;
  /** A line paid together with others: its group shows the shared invoice's amounts and Pay Now. */
  grouped?: boolean;
}

function imageOf(order: Purchase): string | null {
  const store = SHOP_KEYS.find((key) => key === order.store);
  return store ? productPreviewUrl(SHOPS[store].imageFolder, order) : null;
}

/** One order of My Orders: what, how much, paid or not, sent or not, when, and what can be done. */
export function OrderCard({ order, onDelete, deleting, grouped = false }: OrderCardProps) {
  const actions = orderActions(order);
  const payNow = actions.payNow && !grouped && order.invoice_url;
  const hasTracking = Boolean(order.postal_service.trim() || order.tracking_number.trim());
  const refund = refundText(order);
  const image = imageOf(order);
  const Title = grouped ? 'h4' : 'h3';
  return (
    <li className={styles.order}>
      <div className={styles.thumb}>
        {image && <img src={image} alt="" width={72} height={72} loading="lazy" />}
      </div>
      <div className={styles.body}>
        <Title className={styles.title}>{order.title}</Title>
        <div className={styles.badges}>
          <PaymentStatusBadge status={order.payment_status} className={styles.badge} />
          <span className={`${styles.badge} ${order.shipped ? tone.paid : tone.neutral}`}>
            {shippingLabel(order.shipped)}
          </span>
          {refund && order.payment_status !== 'refunded' && (
            <span className={`${styles.badge} ${tone.neutral}`}>{refund}</span>
          )}
        </div>
        {!grouped && <PartPaymentNote order={order} />}
        <dl className={styles.facts}>
          <Fact term="Condition">{conditionText(order.condition)}</Fact>
          <Fact term="Quantity">{order.quantity}</Fact>
          <Fact term="Total">{orderTotal(order.total_amount)}</Fact>
          <Fact term="Date">{orderDate(order.created_at)}</Fact>
          {refund && <Fact term="Refunded">{orderTotal(order.refunded_amount)}</Fact>}
          {hasTracking && (
            <Fact term="Tracking">
              <OrderTracking order={order} />
            </Fact>
          )}
          <Fact term="Order" wide>
            <span className={styles.reference}>{order.payment_id}</span>
          </Fact>
        </dl>
        <OrderReturns order={order} />
        {(payNow || actions.delete) && (
          <div className={styles.actions}>
            {payNow && (
              <a className={form.primary} href={payNow} target="_blank" rel="noopener noreferrer">
                Pay Now
              </a>
            )}
            {actions.delete && (
              <button
                type="button"
                className={form.danger}
                onClick={() => onDelete(order)}
                disabled={deleting}
              >
                Delete Order
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
