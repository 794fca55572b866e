import { useState } from 'react';
import type { Purchase } from '../../../shared/schemas/buying.js';
import { useAuth } from '../../session/useAuth.js';
import form from '../../ui/Form.module.css';
import { orderDate } from './orderView.js';
import { ReturnDialog } from './ReturnDialog.js';
import { restockText, returnSteps, returnSummary } from './returnView.js';
import styles from './Returns.module.css';

/**
 * A line's returns under it (issue 28): each with its RMA, status and the days of its steps, the
 * seller's instructions or reason; and 'Return this item' while units are left to return in the window.
 */
export function OrderReturns({ order }: { order: Purchase }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const canReturn = order.returnable_quantity > 0 && order.return_until !== null && user !== null;
  if (order.returns.length === 0 && !canReturn) return null;
  return (
    <div className={styles.returns}>
      {order.returns.length > 0 && (
        <ul className={styles.list} aria-label="Returns">
          {order.returns.map((item) => (
            <li key={item.rma} className={styles.item}>
              <p className={styles.head}>
                <span className={styles.rma}>{item.rma}</span> {returnSummary(item)}
              </p>
              <p className={styles.steps}>{returnSteps(item).join(' · ')}</p>
              {item.status === 'approved' && item.instructions && (
                <p className={styles.text}>How to send it back: {item.instructions}</p>
              )}
              {item.reject_reason && <p className={styles.text}>Reason: {item.reject_reason}</p>}
              {restockText(item) && <p className={styles.steps}>{restockText(item)}</p>}
            </li>
          ))}
        </ul>
      )}
      {canReturn && (
        <div className={styles.ask}>
          <button type="button" className={form.secondary} onClick={() => setOpen(true)}>
            Return this item
          </button>
          <span className={form.note}>Returnable until {orderDate(order.return_until!)}</span>
        </div>
      )}
      {open && user && <ReturnDialog sub={user.sub} order={order} onClose={() => setOpen(false)} />}
    </div>
  );
}
