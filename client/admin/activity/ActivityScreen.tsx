import { useEffect } from 'react';
import { pageCount } from '../../../shared/rules/display.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { useSearchParams } from '../../app/router.js';
import { countOf } from '../../ui/plural.js';
import { useActivityQuery } from '../api/activity.js';
import { OrdersPager } from '../orders/OrdersPager.js';
import panel from '../panel/AdminPanel.module.css';
import list from '../ui/ListPage.module.css';
import { ActivityFilters } from './ActivityFilters.js';
import { ScreenHeader } from '../panel/ScreenHeader.js';
import { ActivityList } from './ActivityList.js';
import { ExportActivityButton } from './ExportActivityButton.js';
import {
  activityQueryFrom,
  activitySearchFor,
  type ActivityFilterForm,
  filterFormOf,
} from './activityFormat.js';

/**
 * Every staff action, newest first, 50 a page: the filters and page live in the address bar, and
 * "Export CSV" downloads what they match.
 */
export function ActivityScreen({ shop }: { shop: ShopConfig }) {
  const [params, setParams] = useSearchParams();
  const query = activityQueryFrom(params);
  const form = filterFormOf(query);
  const activity = useActivityQuery(query);
  const data = activity.isPlaceholderData ? undefined : activity.data;
  const pages = activity.data ? pageCount(activity.data.total, query.pageSize) : 1;
  const filtered = Boolean(query.target ?? query.action ?? query.from ?? query.to);

  const show = (filters: ActivityFilterForm, page: number) => {
    setParams(activitySearchFor(filters, page));
    window.scrollTo(0, 0);
  };

  // A page past the end (the log shrank, or an old link): step back to the last one.
  const lastPage = data ? pageCount(data.total, query.pageSize) : undefined;
  const search = params.toString();
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && query.page > lastPage) {
      setParams(activitySearchFor(activityQueryFormOf(search), lastPage), { replace: true });
    }
  }, [lastPage, query.page, search, setParams]);

  return (
    <main className={panel.page}>
      <ScreenHeader shop={shop} title="Activity" />
      <ActivityFilters initial={form} onApply={(filters) => show(filters, 1)} />
      <div className={list.toolbar}>
        {data && (
          <p className={list.summary} aria-live="polite">
            {countOf(data.total, 'action')}
          </p>
        )}
        <ExportActivityButton filters={query} />
      </div>
      <ActivityList filtered={filtered} activity={activity} onRetry={() => void activity.refetch()} />
      <OrdersPager
        current={query.page}
        total={pages}
        onChange={(page) => show(form, page)}
        label="Activity pages"
      />
    </main>
  );
}

const activityQueryFormOf = (search: string) => filterFormOf(activityQueryFrom(new URLSearchParams(search)));
