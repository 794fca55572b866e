import type { SessionUser } from '../../../shared/schemas/buying.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { useDeletePurchase } from './api/deletePurchase.js';
import { useMyPurchasesQuery } from './api/myPurchases.js';
import { OrderCard } from './OrderCard.js';
import { newestFirst } from './orderView.js';
import styles from './Account.module.css';

/** My Orders (docs/product.md §2, §4): newest first, each with its status, shipping, date and actions. */
export function OrdersTab({ user }: { user: SessionUser }) {
  const orders = useMyPurchasesQuery(user.sub);
  const remove = useDeletePurchase(user.sub);

  if (orders.isPending) return <p role="status">Loading your orders…</p>;
  if (orders.isError) {
    return (
      <StatusMessage
        title="Your orders could not be loaded."
        tone="error"
        action={{ label: 'Try again', onClick: () => void orders.refetch() }}
      >
        {orders.error.message}
      </StatusMessage>
    );
  }
  if (orders.data.length === 0) {
    return (
      <StatusMessage title="No orders yet.">Orders you place from your cart are listed here.</StatusMessage>
    );
  }
  const deleteOrder = (paymentId: string) => {
    if (!window.confirm('Are you sure you want to delete this order?')) return;
    remove.mutate(paymentId);
  };
  return (
    <ul className={styles.orders}>
      {newestFirst(orders.data).map((order) => (
        <OrderCard
          key={order.payment_id}
          order={order}
          onDelete={deleteOrder}
          deleting={remove.isPending && remove.variables === order.payment_id}
        />
      ))}
    </ul>
  );
}
