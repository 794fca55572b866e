/**
 * GET /api/admin/export?shop -> the shop's catalogue as a CSV download; POST /api/admin/import?shop&dryRun
 * with the file as text/csv -> { created, updated, errors, imageLinks }, with upload progress.
 */
import { importResponseSchema } from '../../../shared/schemas/adminProducts.js';
import type { ShopKey } from '../../../shared/shops.js';
import type { TransferProgress } from '../../endpoints/sendWithProgress.js';
import { adminFetchJson } from './adminFetch.js';
import { downloadAdminFile } from './download.js';

export async function downloadExport(shop: ShopKey): Promise<void> {
  const date = new Date().toISOString().slice(0, 10);
  await downloadAdminFile(`/api/admin/export?shop=${shop}`, `${shop}-products-${date}.csv`);
}

export function importCsv(
  shop: ShopKey,
  file: Blob,
  dryRun: boolean,
  controls: { signal: AbortSignal; onProgress: (progress: TransferProgress) => void },
) {
  return adminFetchJson(`/api/admin/import?shop=${shop}&dryRun=${dryRun}`, importResponseSchema, {
    method: 'POST',
    raw: { body: file, contentType: 'text/csv' },
    ...controls,
  });
}
