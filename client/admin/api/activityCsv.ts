/** GET /api/admin/activity.csv?target&action&from&to -> the filtered activity log as a CSV download. */
import type { ActivityFilters } from '../../../shared/schemas/activity.js';
import { queryString } from '../../endpoints/http.js';
import { adminFetchBlob } from './adminFetch.js';

export async function downloadActivityCsv(filters: ActivityFilters): Promise<void> {
  const { target, action, from, to } = filters;
  const blob = await adminFetchBlob(`/api/admin/activity.csv${queryString({ target, action, from, to })}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `activity-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  // The click has handed the blob to the download; the URL can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
