/** The outbox screen's query in the address bar, and how it words an e-mail's state and times. */
import {
  OUTBOX_FILTERS,
  OUTBOX_PAGE_SIZE,
  type OutboxFilter,
  type OutboxMail,
  type OutboxQuery,
} from '../../../shared/schemas/mail.js';

/** Which e-mails to list: all, sent, waiting, or failing (waiting with an error from the last try). */
export const OUTBOX_FILTER_LABELS: Record<OutboxFilter, string> = {
  all: 'All',
  sent: 'Sent',
  waiting: 'Waiting',
  failing: 'Failing',
};

export const OUTBOX_STATUS_LABELS: Record<OutboxMail['status'], string> = {
  sent: 'Sent',
  waiting: 'Waiting',
  failing: 'Failing',
};

function isOutboxFilter(value: string | null): value is OutboxFilter {
  return value !== null && (OUTBOX_FILTERS as readonly string[]).includes(value);
}

/** ?status=&page=, so a reload or a shared link opens the same list. */
export function outboxQueryFrom(params: URLSearchParams): OutboxQuery {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: isOutboxFilter(status) ? status : 'all',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: OUTBOX_PAGE_SIZE,
  };
}

/** The address-bar form of a query: defaults left out. */
export function outboxSearchFor(query: Pick<OutboxQuery, 'status' | 'page'>): Record<string, string> {
  const search: Record<string, string> = {};
  if (query.status !== 'all') search.status = query.status;
  if (query.page > 1) search.page = String(query.page);
  return search;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD HH:MM in the admin's own time zone; a dash when there is no time. */
export function formatMailTime(iso: string | null): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '-';
  return (
    `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())} ` +
    `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
  );
}

/** "order_paid" -> "order paid". */
export function kindLabel(kind: string): string {
  return kind.replaceAll('_', ' ');
}
