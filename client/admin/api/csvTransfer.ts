/**
 * GET /api/admin/export?shop -> the shop's catalogue as a CSV download; POST /api/admin/import?shop&dryRun
 * with the file as text/csv -> { created, updated, errors, imageLinks }, with upload progress.
 */
import { importResponseSchema } from '../../../shared/schemas/adminProducts.js';
import type { ShopKey } from '../../../shared/shops.js';
import type { TransferProgress } from '../../endpoints/sendWithProgress.js';
import { adminFetchBlob, adminFetchJson } from './adminFetch.js';

export async function downloadExport(shop: ShopKey): Promise<void> {
  const blob = await adminFetchBlob(`/api/admin/export?shop=${shop}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${shop}-products-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  // The click has handed the blob to the download; the URL can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
