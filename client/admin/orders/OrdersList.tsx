import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminOrdersQuery } from '../../../shared/schemas/buying.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import type { AdminOrdersPage } from '../api/adminOrders.js';
import { OrderCard } from './OrderCard.js';
import { otherGroupLines } from './paymentNotes.js';
import list from '../ui/ListPage.module.css';
import styles from './Orders.module.css';

interface OrdersListProps {
  query: AdminOrdersQuery;
  orders: UseQueryResult<AdminOrdersPage>;
  onRetry: () => void;
}

/** The cards of one page, or what stands in for them while loading, on failure, or when there are none. */
export function OrdersList({ query, orders, onRetry }: OrdersListProps) {
  if (orders.isPending) {
    return (
      <p className={list.loading} role="status">
        Loading orders...
      </p>
    );
  }
  if (orders.isError) {
    return (
      <StatusMessage
        tone="error"
        title="Could not load the orders"
        action={{ label: 'Try again', onClick: onRetry }}
      >
        {orders.error.message}
      </StatusMessage>
    );
  }
  if (orders.data.orders.length === 0) {
    return (
      <StatusMessage title={query.filter === 'all' ? 'No orders yet' : 'No orders match this filter'}>
        {query.filter === 'all'
          ? 'Orders from the open-box shop appear here as soon as buyers place them.'
          : 'Choose “All” to see every order.'}
      </StatusMessage>
    );
  }
  return (
    <ul className={styles.grid} aria-busy={orders.isPlaceholderData} aria-label="Orders">
      {orders.data.orders.map((order) => (
        <li key={order.payment_id} className={list.item}>
          <OrderCard order={order} groupLines={otherGroupLines(order, orders.data.orders)} />
        </li>
      ))}
    </ul>
  );
}
