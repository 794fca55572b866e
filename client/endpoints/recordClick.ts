/**
 * POST /api/products/{id}/click?shop= (issue 29): tells the server of a press of an affiliate Buy link.
 * Sent with navigator.sendBeacon: the browser queues it and sends it even as the visitor leaves, and the
 * link goes straight to the retailer meanwhile (no redirect of ours). No body; the answer is unread.
 */
import { SHOPS, type ShopKey } from '../../shared/shops.js';
import { queryString } from './http.js';

export function clickUrl(shop: ShopKey, id: number): string {
  return `/api/products/${id}/click${queryString({ shop })}`;
}

/** Only a shop whose buy button links out has clicks; a browser without sendBeacon tells nothing. */
export function recordClick(shop: ShopKey, id: number): void {
  if (SHOPS[shop].sells !== 'links-out' || typeof navigator === 'undefined') return;
  try {
    navigator.sendBeacon?.(clickUrl(shop, id));
  } catch {
    // A beacon refused (too large a queue, a blocked URL) must never stop the link itself.
  }
}
