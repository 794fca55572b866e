/** An admin file (a CSV export) fetched with the admin token and handed to the browser as a download. */
import { adminFetchBlob } from './adminFetch.js';

export async function downloadAdminFile(url: string, fileName: string): Promise<void> {
  const blob = await adminFetchBlob(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.click();
  // The click has handed the blob to the download; the URL can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
