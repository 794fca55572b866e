import type { AdminOrder } from '../../../shared/schemas/buying.js';
import { formatDollars } from '../../../shared/rules/money.js';
import { refundedCents } from '../../../shared/rules/payment-amounts.js';
import type { Field } from '../ui/FieldGrid.js';
import { FieldList } from './FieldList.js';
import { lineText, paidOfText, refundText } from './paymentNotes.js';
import card from '../ui/Card.module.css';
import styles from './OrderCard.module.css';

interface OrderPaymentProps {
  order: AdminOrder;
  /** The group's other lines on this page. */
  groupLines: readonly AdminOrder[];
}

/**
 * The order's money beyond its status (issue 18): what its invoice asked and what arrived, the group it
 * was paid with (reference and other lines), and the refunds recorded on it.
 */
export function OrderPayment({ order, groupLines }: OrderPaymentProps) {
  // A group's lines share one invoice: its amounts are the whole group's, not this line's.
  const invoice = order.group_id === null ? 'Invoice' : 'Invoice of the group';
  const fields: Field[] = [{ label: invoice, value: paidOfText(order), wide: true }];
  if (refundedCents(order) > 0) {
    fields.push({ label: 'Refunded', value: formatDollars(order.refunded_amount) });
  }
  if (order.group_id !== null) {
    fields.push({
      label: 'Paid together',
      wide: true,
      value: (
        <>
          <span className={card.code}>{order.group_id}</span>
          {groupLines.length > 0 && (
            <ul className={styles.lineList}>
              {groupLines.map((line) => (
                <li key={line.payment_id}>{lineText(line)}</li>
              ))}
            </ul>
          )}
        </>
      ),
    });
  }
  return (
    <>
      <FieldList label="Payment" fields={fields} />
      {order.refunds.length > 0 && (
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>Refunds</h3>
          <ul className={styles.lineList}>
            {order.refunds.map((refund) => (
              <li key={`${refund.created_at}-${refund.amount}`}>{refundText(refund)}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
