/** What leaves the server of an activity row: its fields as the shared schema says. */
import type { ActivityAction, ActivityRow as ActivityAnswer } from '../../../shared/schemas/activity.js';
import type { ActivityRow } from '../../db/types.js';

type Fields = ActivityAnswer['before'];

const fields = (json: string | null): Fields => (json === null ? null : (JSON.parse(json) as Fields));

export function presentActivity(row: ActivityRow): ActivityAnswer {
  return {
    id: Number(row.id),
    at: row.at,
    actor: row.actor,
    action: row.action as ActivityAction,
    target: row.target,
    before: fields(row.before_json),
    after: fields(row.after_json),
  };
}
