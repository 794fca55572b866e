/** The activity log (issue 28): who did what to which target, and for changes the fields before and after. */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  ACTIVITY_CSV_COLUMNS,
  type ActivityAction,
  type ActivityFields,
  type ActivityFilters,
  type ActivityQuery,
  type ActivityResponse,
} from '../../../shared/schemas/activity.js';
import { presentActivity } from './presenter.js';
import * as repo from './repository.js';

export interface ActivityEntry {
  /** Who: the admin session's short id and address (admin-auth's adminActor), or the seller's id. */
  actor: string;
  action: ActivityAction;
  /** What it was done to, e.g. `product ayz/12`, `order ord_…`, `return RMA-…`, `mail 17`. */
  target: string;
  /** For changes: the changed fields as they were and as they became. */
  before?: ActivityFields | undefined;
  after?: ActivityFields | undefined;
  at?: string | undefined;
}

/**
 * Writes one row of the log. Call it in the transaction of the action it records, so an action that
 * rolls back leaves no row and one that commits always has one.
 */
export async function recordActivity(db: repo.Db, entry: ActivityEntry): Promise<void> {
  await repo.insertActivity(db, {
    at: entry.at ?? new Date().toISOString(),
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
    after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
}

/**
 * Only the fields that differ between two snapshots of one thing, as they were and as they became (a
 * field missing on one side is null there); undefined when nothing differs.
 */
export function changedFields(
  before: ActivityFields,
  after: ActivityFields,
): { before: ActivityFields; after: ActivityFields } | undefined {
  const was: ActivityFields = {};
  const now: ActivityFields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = Object.hasOwn(before, key) ? before[key] : null;
    const b = Object.hasOwn(after, key) ? after[key] : null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    Object.defineProperty(was, key, { value: a, enumerable: true, writable: true, configurable: true });
    Object.defineProperty(now, key, { value: b, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(was).length === 0 ? undefined : { before: was, after: now };
}

const DAY_MS = 86_400_000;

/** The filters as times: `from`'s first instant and the instant after `to` (both UTC days, inclusive). */
function whereOf(filters: ActivityFilters): repo.ActivityWhere {
  const nextDay = (day: string) =>
    new Date(new Date(`${day}T00:00:00.000Z`).getTime() + DAY_MS).toISOString();
  return {
    target: filters.target || undefined,
    action: filters.action,
    fromAt: filters.from === undefined ? undefined : `${filters.from}T00:00:00.000Z`,
    beforeAt: filters.to === undefined ? undefined : nextDay(filters.to),
  };
}

/** One page of the log, newest first, with how many rows match the filters. */
export async function listActivity(db: repo.Db, query: ActivityQuery): Promise<ActivityResponse> {
  const { rows, total } = await repo.findActivityPage(
    db,
    whereOf(query),
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return { rows: rows.map(presentActivity), total };
}

const CSV_PAGE = 1000;

/**
 * The matching rows as CSV (at,actor,action,target,before,after; before and after as JSON), newest
 * first, read a keyset page at a time so a long log streams; cells escaped against formulas.
 */
export function activityCsv(db: repo.Db, filters: ActivityFilters): Readable {
  const where = whereOf(filters);
  async function* records() {
    let after: { at: string; id: number } | undefined;
    for (;;) {
      const page = await repo.findActivityBefore(db, where, after, CSV_PAGE);
      for (const row of page) {
        yield {
          at: row.at,
          actor: row.actor,
          action: row.action,
          target: row.target,
          before: row.before_json ?? '',
          after: row.after_json ?? '',
        };
      }
      if (page.length < CSV_PAGE) return;
      const last = page.at(-1)!;
      after = { at: last.at, id: last.id };
    }
  }
  // escape_formulas: a cell starting with = + - @ (or a tab) gets a leading ' (CSV injection).
  const csv = stringify({ header: true, columns: [...ACTIVITY_CSV_COLUMNS], escape_formulas: true });
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}

const RETENTION_BATCH = 1000;

/**
 * Removes rows older than `retentionDays` before `now`, in batches of a thousand (each its own short
 * statement), at most a hundred batches per run; answers how many it removed.
 */
export async function removeOldActivity(db: repo.Db, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let removed = 0;
  for (let pass = 0; pass < 100; pass += 1) {
    const count = await repo.deleteActivityBefore(db, cutoff, RETENTION_BATCH);
    removed += count;
    if (count < RETENTION_BATCH) break;
  }
  return removed;
}
