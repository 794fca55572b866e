/** The activity log (issue 28): who did what to which target, and for changes the fields before and after. */
import type { ActivityAction, ActivityFields } from '../../../shared/schemas/activity.js';
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
