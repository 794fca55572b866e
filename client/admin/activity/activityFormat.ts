/** The activity screen's query in the address bar, and how it words a row's time and changes. */
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_PAGE_SIZE,
  type ActivityAction,
  type ActivityQuery,
  type ActivityRow,
} from '../../../shared/schemas/activity.js';
import { utcDaySchema } from '../../../shared/schemas/common.js';
import { ownValue, textKeyedKeys } from '../../../shared/textKeyed.js';

/** The filters the screen edits: every one as text, '' when unset. */
export interface ActivityFilterForm {
  target: string;
  action: ActivityAction | '';
  from: string;
  to: string;
}

function isAction(value: string | null): value is ActivityAction {
  return value !== null && (ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

const day = (value: string | null) =>
  value !== null && utcDaySchema.safeParse(value).success ? value : undefined;

/** ?target=&action=&from=&to=&page=, so a reload or a shared link opens the same list; bad values are dropped. */
export function activityQueryFrom(params: URLSearchParams): ActivityQuery {
  const action = params.get('action');
  const page = Number(params.get('page'));
  return {
    target: params.get('target')?.trim() || undefined,
    action: isAction(action) ? action : undefined,
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: ACTIVITY_PAGE_SIZE,
  };
}

/** The form's values of a query. */
export function filterFormOf(query: ActivityQuery): ActivityFilterForm {
  return {
    target: query.target ?? '',
    action: query.action ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
  };
}

/** The address-bar form of filters and a page: empty ones and page 1 left out. */
export function activitySearchFor(filters: ActivityFilterForm, page: number): Record<string, string> {
  const search: Record<string, string> = {};
  const target = filters.target.trim();
  if (target) search.target = target;
  if (filters.action) search.action = filters.action;
  if (filters.from) search.from = filters.from;
  if (filters.to) search.to = filters.to;
  if (page > 1) search.page = String(page);
  return search;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD HH:MM:SS UTC: the days the filters speak of are UTC days too. */
export function formatActivityTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${iso.slice(0, 10)} ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())} UTC`;
}

/** "acceptable_condition_price" -> "acceptable condition price". */
export const fieldLabel = (field: string) => field.replaceAll('_', ' ');

/** A logged value in words: text as it is ('' as "(empty)"), yes/no, lists joined, anything else as JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(formatValue).join(', ');
  return JSON.stringify(value);
}

/** One line of a row's changes: a field as it was (for changes and deletes) and as it became. */
export interface ChangeLine {
  field: string;
  before?: string;
  after?: string;
}

/** The fields a row names, in the order it names them, each with its before and/or after. */
export function changeLines(row: Pick<ActivityRow, 'before' | 'after'>): ChangeLine[] {
  const fields = [
    ...new Set([
      ...(row.before ? textKeyedKeys(row.before) : []),
      ...(row.after ? textKeyedKeys(row.after) : []),
    ]),
  ];
  return fields.map((field) => ({
    field,
    ...(row.before ? { before: formatValue(ownValue(row.before, field)) } : {}),
    ...(row.after ? { after: formatValue(ownValue(row.after, field)) } : {}),
  }));
}
