import type { AdminOrdersQuery } from '../../../shared/schemas/buying.js';
import type { AdminOrdersPage } from '../api/adminOrders.js';
import list from '../ui/ListPage.module.css';

/** "Orders 51–100 of 5,000": where this page sits in the whole list. */
export function OrdersSummary({ page, query }: { page: AdminOrdersPage; query: AdminOrdersQuery }) {
  if (page.orders.length === 0) return null;
  const first = (query.page - 1) * query.pageSize + 1;
  const last = first + page.orders.length - 1;
  const of = page.totalCount === null ? '' : ` of ${page.totalCount.toLocaleString('en-US')}`;
  return (
    <p className={list.summary} aria-live="polite">
      {`Orders ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')}${of}`}
    </p>
  );
}
