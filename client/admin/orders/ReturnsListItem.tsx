import { useId } from 'react';
import type { AdminReturn } from '../../../shared/schemas/returns.js';
import { FieldList } from './FieldList.js';
import { conditionLabel, formatOrderDate } from './orderFormat.js';
import { ReturnItem } from './ReturnItem.js';
import styles from './OrderCard.module.css';

/**
 * One return in the returns list: what was bought and by whom, then the return with its moves. Its
 * refund is made from the order's card on /orders, where what is left to refund is known.
 */
export function ReturnsListItem({ item }: { item: AdminReturn }) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {item.title}
      </h2>
      <FieldList
        label="Order line"
        fields={[
          { label: 'Condition', value: conditionLabel(item.condition) },
          { label: 'Bought', value: String(item.order_quantity) },
          { label: 'Sent', value: item.shipped_at ? formatOrderDate(item.shipped_at) : '-' },
          { label: 'Product ID', value: String(item.product_id) },
          { label: 'Buyer', value: `${item.contact_name}, ${item.buyer_email}`, wide: true },
          { label: 'Payment ID', value: item.payment_id, wide: true, code: true },
        ]}
      />
      <ReturnItem item={item} refund={null} />
    </article>
  );
}
