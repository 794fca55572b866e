/**
 * The product cache of docs/product.md §3/§4: per list URL, in localStorage, keyed by product id.
 * A cached copy is reused only while its updated_at equals the list's; failed fetches are dropped.
 */
import type { ProductDetail } from '../../../shared/schemas/catalog.js';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps localStorage small: descriptions are HTML and can be long. */
export const MAX_CACHED_PRODUCTS = 40;

export function productCacheKey(listUrl: string): string {
  return `${listUrl}:productCache`;
}

/** The cached products of one list, oldest first; anything unreadable counts as empty. */
function readEntries(storage: StorageLike, listUrl: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(productCacheKey(listUrl)) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function idOf(entry: unknown): unknown {
  return typeof entry === 'object' && entry !== null && 'id' in entry ? entry.id : undefined;
}

function writeEntries(storage: StorageLike, listUrl: string, entries: readonly unknown[]): void {
  let kept = entries.slice(-MAX_CACHED_PRODUCTS);
  while (kept.length > 0) {
    try {
      storage.setItem(productCacheKey(listUrl), JSON.stringify(kept));
      return;
    } catch {
      kept = kept.slice(Math.ceil(kept.length / 2)); // Over quota: drop the older half and retry.
    }
  }
  storage.removeItem(productCacheKey(listUrl));
}

/** The cached copy of a product, only if it is as new as the list item says. */
export function cachedProduct(
  storage: StorageLike,
  listUrl: string,
  id: number,
  listUpdatedAt: string | undefined,
): ProductDetail | undefined {
  if (listUpdatedAt === undefined) return undefined;
  const entry = readEntries(storage, listUrl).find((candidate) => idOf(candidate) === id);
  if (!looksLikeProduct(entry) || entry.updated_at !== listUpdatedAt) return undefined;
  return entry;
}

/** A light check of what localStorage hands back (it may be stale or edited by hand). */
function looksLikeProduct(entry: unknown): entry is ProductDetail {
  if (typeof entry !== 'object' || entry === null) return false;
  const product = entry as Record<string, unknown>;
  return (
    (product.kind === 'affiliate' || product.kind === 'openbox') &&
    typeof product.id === 'number' &&
    typeof product.title === 'string' &&
    typeof product.updated_at === 'string' &&
    typeof product.description === 'string'
  );
}

export function rememberProduct(storage: StorageLike, listUrl: string, product: ProductDetail): void {
  const others = readEntries(storage, listUrl).filter((entry) => idOf(entry) !== product.id);
  writeEntries(storage, listUrl, [...others, product]);
}

export function forgetProduct(storage: StorageLike, listUrl: string, id: number): void {
  const entries = readEntries(storage, listUrl);
  const others = entries.filter((entry) => idOf(entry) !== id);
  if (others.length !== entries.length) writeEntries(storage, listUrl, others);
}
