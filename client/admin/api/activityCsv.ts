/** GET /api/admin/activity.csv?target&action&from&to -> the filtered activity log as a CSV download. */
import type { ActivityFilters } from '../../../shared/schemas/activity.js';
import { queryString } from '../../endpoints/http.js';
import { downloadAdminFile } from './download.js';

export async function downloadActivityCsv(filters: ActivityFilters): Promise<void> {
  const { target, action, from, to } = filters;
  await downloadAdminFile(
    `/api/admin/activity.csv${queryString({ target, action, from, to })}`,
    `activity-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}
