import { useId } from 'react';
import type { AdminOrder } from '../../../shared/schemas/buying.js';
import { refundPrefill } from './paymentNotes.js';
import { returnRefundPrefill } from './returnFormat.js';
import { ReturnItem } from './ReturnItem.js';
import styles from './OrderCard.module.css';

/** An order card's returns (issue 28): each with its status, days and the seller's moves; none, nothing. */
export function ReturnsSection({
  order,
  groupLines,
}: {
  order: AdminOrder;
  groupLines: readonly AdminOrder[];
}) {
  const titleId = useId();
  if (order.returns.length === 0) return null;
  const left = refundPrefill(order, groupLines);
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        Returns
      </h3>
      <ul className={styles.returnList}>
        {order.returns.map((item) => (
          <li key={item.rma}>
            <ReturnItem
              item={item}
              refund={
                left === null
                  ? null
                  : {
                      paymentId: order.payment_id,
                      left,
                      amount: returnRefundPrefill(item, order, left),
                      otherLines: groupLines.length,
                    }
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
