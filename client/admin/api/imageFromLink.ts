/**
 * POST /api/image-from-link {url} -> the image as image/webp bytes. The server fetches the link:
 * the browser cannot read other sites' images under the app's CSP and CORS.
 */
import { adminFetchBlob } from './adminFetch.js';

export async function fetchImageFromLink(url: string): Promise<Blob> {
  const blob = await adminFetchBlob('/api/image-from-link', { method: 'POST', json: { url } });
  return blob.type ? blob : new Blob([blob], { type: 'image/webp' });
}
