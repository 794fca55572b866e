import type { Purchase, SessionUser } from '../../../shared/schemas/buying.js';
import { countOf } from '../../ui/plural.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { useDeletePurchase } from './api/deletePurchase.js';
import { useMyPurchasesQuery } from './api/myPurchases.js';
import { OrderCard } from './OrderCard.js';
import { OrderGroup } from './OrderGroup.js';
import { newestFirst } from './orderView.js';
import { withGroups } from './paymentView.js';
import styles from './Account.module.css';

const DELETE_QUESTION = 'Are you sure you want to delete this order?';

/** Deleting one line of a group deletes the whole group (one invoice): the question says so. */
function deleteQuestion(order: Purchase, orders: readonly Purchase[]): string {
  if (order.group_id === null) return DELETE_QUESTION;
  const others = orders.filter((other) => other.group_id === order.group_id).length - 1;
  if (others < 1) return DELETE_QUESTION;
  return `${DELETE_QUESTION} It was checked out together with ${countOf(others, 'other item')}, which will be deleted too.`;
}

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
  const deleteOrder = (order: Purchase) => {
    if (!window.confirm(deleteQuestion(order, orders.data))) return;
    remove.mutate(order.payment_id);
  };
  const deletingId = remove.isPending ? remove.variables : undefined;
  return (
    <ul className={styles.orders}>
      {withGroups(newestFirst(orders.data)).map((entry) =>
        entry.kind === 'group' ? (
          <OrderGroup
            key={entry.groupId}
            orders={entry.orders}
            onDelete={deleteOrder}
            deletingId={deletingId}
          />
        ) : (
          <OrderCard
            key={entry.order.payment_id}
            order={entry.order}
            onDelete={deleteOrder}
            deleting={deletingId === entry.order.payment_id}
          />
        ),
      )}
    </ul>
  );
}
