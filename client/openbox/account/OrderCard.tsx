import { productPreviewUrl } from '../../../shared/rules/images.js';
import { paymentStatusTone } from '../../../shared/rules/payment-status.js';
import type { Purchase } from '../../../shared/schemas/buying.js';
import { SHOP_KEYS, SHOPS } from '../../../shared/shops.js';
import form from '../../ui/Form.module.css';
import tone from '../../ui/StatusTone.module.css';
import { OrderFact as Fact } from './OrderFact.js';
import {
  conditionText,
  orderActions,
  orderDate,
  orderTotal,
  paymentStatusText,
  trackingText,
} from './orderView.js';
import styles from './Orders.module.css';

interface OrderCardProps {
  order: Purchase;
  onDelete: (paymentId: string) => void;
  deleting: boolean;
}

function imageOf(order: Purchase): string | null {
  const store = SHOP_KEYS.find((key) => key === order.store);
  return store ? productPreviewUrl(SHOPS[store].imageFolder, order) : null;
}

/** One order of My Orders: what, how much, paid or not, sent or not, when, and what can be done. */
export function OrderCard({ order, onDelete, deleting }: OrderCardProps) {
  const actions = orderActions(order);
  const tracking = trackingText(order);
  const image = imageOf(order);
  return (
    <li className={styles.order}>
      <div className={styles.thumb}>
        {image && <img src={image} alt="" width={72} height={72} loading="lazy" />}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{order.title}</h3>
        <div className={styles.badges}>
          <span className={`${styles.badge} ${tone[paymentStatusTone(order.payment_status)]}`}>
            <span className="visually-hidden">Payment status: </span>
            {paymentStatusText(order.payment_status)}
          </span>
          <span className={`${styles.badge} ${order.shipped ? tone.paid : tone.neutral}`}>
            {order.shipped ? 'Sent' : 'Not Sent'}
          </span>
        </div>
        <dl className={styles.facts}>
          <Fact term="Condition">{conditionText(order.condition)}</Fact>
          <Fact term="Quantity">{order.quantity}</Fact>
          <Fact term="Total">{orderTotal(order.total_amount)}</Fact>
          <Fact term="Date">{orderDate(order.created_at)}</Fact>
          {tracking && <Fact term="Tracking">{tracking}</Fact>}
          <Fact term="Order" wide>
            <span className={styles.reference}>{order.payment_id}</span>
          </Fact>
        </dl>
        {(actions.payNow || actions.delete) && (
          <div className={styles.actions}>
            {actions.payNow && order.invoice_url && (
              <a className={form.primary} href={order.invoice_url} target="_blank" rel="noopener noreferrer">
                Pay Now
              </a>
            )}
            {actions.delete && (
              <button
                type="button"
                className={form.danger}
                onClick={() => onDelete(order.payment_id)}
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
