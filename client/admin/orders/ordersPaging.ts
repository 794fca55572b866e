/** Paging and filtering of the admin orders page: the query in the address bar and the page numbers. */
import { ORDER_FILTERS, ORDERS_PAGE_SIZE, type AdminOrdersQuery } from '../../../shared/schemas/buying.js';
import { pageCount } from '../../../shared/rules/display.js';

export type OrderFilter = AdminOrdersQuery['filter'];

/**
 * Which orders to list: all, unpaid, paid, paid but not yet sent (the shipping to-do list), sent, or
 * those needing attention (partly paid, overpaid, paid late, units sold meanwhile).
 */
export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = {
  all: 'All',
  unpaid: 'Unpaid',
  paid: 'Paid',
  unsent: 'To ship (unsent)',
  sent: 'Sent',
  attention: 'Needs attention',
};

function isOrderFilter(value: string | null): value is OrderFilter {
  return value !== null && (ORDER_FILTERS as readonly string[]).includes(value);
}

/** The page and filter in ?page=&filter=, so a reload or a shared link opens the same list. */
export function ordersQueryFrom(params: URLSearchParams): AdminOrdersQuery {
  const filter = params.get('filter');
  const page = Number(params.get('page'));
  return {
    filter: isOrderFilter(filter) ? filter : 'all',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: ORDERS_PAGE_SIZE,
  };
}

/** The address-bar form of a query: defaults left out, so the plain /orders stays plain. */
export function ordersSearchFor(query: Pick<AdminOrdersQuery, 'filter' | 'page'>): Record<string, string> {
  const search: Record<string, string> = {};
  if (query.filter !== 'all') search.filter = query.filter;
  if (query.page > 1) search.page = String(query.page);
  return search;
}

/** X-Total-Count as a number; null when it is missing or not a count. */
export function parseTotalCount(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

/**
 * How many pages the list has. Without a count the page in hand tells what it can: a full page may
 * have a next one, a short page is the last.
 */
export function totalPages(totalCount: number | null, query: AdminOrdersQuery, itemsOnPage: number): number {
  if (totalCount !== null) return pageCount(totalCount, query.pageSize);
  return itemsOnPage >= query.pageSize ? query.page + 1 : Math.max(1, query.page);
}

export type PageItem = number | 'gap';

/**
 * The numbered buttons: always the first and last page, and the pages around the current one, with a
 * gap where pages are left out (1 … 4 5 6 … 100), so 5,000 orders still fit on a phone.
 */
export function pageItems(current: number, total: number, around = 1): PageItem[] {
  if (total <= 1) return [1];
  const page = Math.min(Math.max(1, current), total);
  const shown = new Set([1, total]);
  for (let n = page - around; n <= page + around; n += 1) if (n >= 1 && n <= total) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const n of sorted) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && n - previous === 2) items.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) items.push('gap');
    items.push(n);
  }
  return items;
}
