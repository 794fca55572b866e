import { useSearchParams } from '../../app/router.js';
import { countOf } from '../../ui/plural.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { useAdminReturnsQuery } from '../api/adminReturns.js';
import panel from '../panel/AdminPanel.module.css';
import { FilterSelect } from '../ui/FilterSelect.js';
import list from '../ui/ListPage.module.css';
import { OrdersHeader } from './OrdersHeader.js';
import { RETURN_FILTER_LABELS, RETURN_FILTERS, returnFilterFrom } from './returnFormat.js';
import { ReturnsListItem } from './ReturnsListItem.js';
import styles from './Orders.module.css';

/** Every return (or those of one status, ?status= in the address bar), newest first, with its moves. */
export function ReturnsScreen() {
  const [params, setParams] = useSearchParams();
  const status = returnFilterFrom(params);
  const returns = useAdminReturnsQuery(status);

  const body = (() => {
    if (returns.isPending)
      return (
        <p className={list.loading} role="status">
          Loading returns...
        </p>
      );
    if (returns.isError)
      return (
        <StatusMessage
          tone="error"
          title="Could not load the returns"
          action={{ label: 'Try again', onClick: () => void returns.refetch() }}
        >
          {returns.error.message}
        </StatusMessage>
      );
    if (returns.data.length === 0)
      return (
        <StatusMessage title={status === 'all' ? 'No returns yet' : 'No returns match this filter'}>
          Buyers ask for returns from My Orders once an order is marked sent.
        </StatusMessage>
      );
    return (
      <ul className={styles.grid} aria-label="Returns" aria-busy={returns.isPlaceholderData}>
        {returns.data.map((item) => (
          <li key={item.rma} className={list.item}>
            <ReturnsListItem item={item} />
          </li>
        ))}
      </ul>
    );
  })();

  return (
    <main className={panel.page}>
      <OrdersHeader title="Returns" />
      <div className={list.toolbar}>
        <FilterSelect
          value={status}
          filters={RETURN_FILTERS}
          labels={RETURN_FILTER_LABELS}
          onChange={(filter) => setParams(filter === 'all' ? {} : { status: filter })}
        />
        {returns.data && (
          <p className={list.summary} role="status">
            {countOf(returns.data.length, 'return')}
          </p>
        )}
      </div>
      {body}
    </main>
  );
}
