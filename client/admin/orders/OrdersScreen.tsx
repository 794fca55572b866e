import { useEffect } from 'react';
import { useSearchParams } from '../../app/router.js';
import { ORDER_FILTERS } from '../../../shared/schemas/buying.js';
import { useAdminOrdersQuery } from '../api/adminOrders.js';
import panel from '../panel/AdminPanel.module.css';
import { FilterSelect } from '../ui/FilterSelect.js';
import list from '../ui/ListPage.module.css';
import { OrdersHeader } from './OrdersHeader.js';
import { OrdersList } from './OrdersList.js';
import { OrdersPager } from './OrdersPager.js';
import { OrdersSummary } from './OrdersSummary.js';
import { ORDER_FILTER_LABELS, ordersQueryFrom, ordersSearchFor, type OrderFilter } from './ordersPaging.js';

/**
 * Every buyer's orders, newest first, one page of 50 at a time. The filter and page live in the
 * address bar, so a reload or the browser's Back button returns to the same list.
 */
export function OrdersScreen() {
  const [params, setParams] = useSearchParams();
  const query = ordersQueryFrom(params);
  const orders = useAdminOrdersQuery(query);
  const data = orders.isPlaceholderData ? undefined : orders.data;

  const show = (filter: OrderFilter, page: number) => {
    setParams(ordersSearchFor({ filter, page }));
    window.scrollTo(0, 0);
  };

  // Deleting the last order of the last page leaves that page empty: step back to the new last one.
  const lastPage = data?.totalPages;
  useEffect(() => {
    if (lastPage !== undefined && query.page > lastPage) {
      setParams(ordersSearchFor({ filter: query.filter, page: lastPage }), { replace: true });
    }
  }, [lastPage, query.page, query.filter, setParams]);

  return (
    <main className={panel.page}>
      <OrdersHeader />
      <div className={list.toolbar}>
        <FilterSelect
          value={query.filter}
          filters={ORDER_FILTERS}
          labels={ORDER_FILTER_LABELS}
          onChange={(filter) => show(filter, 1)}
        />
        {data && <OrdersSummary page={data} query={query} />}
      </div>
      <OrdersList query={query} orders={orders} onRetry={() => void orders.refetch()} />
      {orders.data && (
        <OrdersPager
          current={query.page}
          total={orders.data.totalPages}
          onChange={(page) => show(query.filter, page)}
        />
      )}
    </main>
  );
}
