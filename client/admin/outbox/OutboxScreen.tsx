import { useEffect } from 'react';
import { pageCount } from '../../../shared/rules/display.js';
import { OUTBOX_FILTERS } from '../../../shared/schemas/mail.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { useSearchParams } from '../../app/router.js';
import { countOf } from '../../ui/plural.js';
import { useOutboxQuery } from '../api/outbox.js';
import { OrdersPager } from '../orders/OrdersPager.js';
import panel from '../panel/AdminPanel.module.css';
import { FilterSelect } from '../ui/FilterSelect.js';
import list from '../ui/ListPage.module.css';
import { ScreenHeader } from '../panel/ScreenHeader.js';
import { OutboxList } from './OutboxList.js';
import { TestMailForm } from './TestMailForm.js';
import { OUTBOX_FILTER_LABELS, outboxQueryFrom, outboxSearchFor } from './outboxFormat.js';

/**
 * The e-mails the shop sent or still has to send, newest first, 50 a page: the filter and page live in
 * the address bar. A failing one shows why; any one can be sent again.
 */
export function OutboxScreen({ shop }: { shop: ShopConfig }) {
  const [params, setParams] = useSearchParams();
  const query = outboxQueryFrom(params);
  const outbox = useOutboxQuery(query);
  const data = outbox.isPlaceholderData ? undefined : outbox.data;
  const pages = outbox.data ? pageCount(outbox.data.total, query.pageSize) : 1;

  const show = (status: typeof query.status, page: number) => {
    setParams(outboxSearchFor({ status, page }));
    window.scrollTo(0, 0);
  };

  // A page past the end (the list shrank, or an old link): step back to the last one.
  const lastPage = data ? pageCount(data.total, query.pageSize) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && query.page > lastPage) {
      setParams(outboxSearchFor({ status: query.status, page: lastPage }), { replace: true });
    }
  }, [lastPage, query.page, query.status, setParams]);

  return (
    <main className={panel.page}>
      <ScreenHeader shop={shop} title="Outbox" />
      <TestMailForm />
      <div className={list.toolbar}>
        <FilterSelect
          value={query.status}
          filters={OUTBOX_FILTERS}
          labels={OUTBOX_FILTER_LABELS}
          onChange={(status) => show(status, 1)}
        />
        {data && (
          <p className={list.summary} aria-live="polite">
            {countOf(data.total, 'e-mail')}
          </p>
        )}
      </div>
      <OutboxList query={query} outbox={outbox} onRetry={() => void outbox.refetch()} />
      <OrdersPager
        current={query.page}
        total={pages}
        onChange={(page) => show(query.status, page)}
        label="Outbox pages"
      />
    </main>
  );
}
