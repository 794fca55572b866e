import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../shared/schemas/catalog.js';
import { memoryStorage } from '../page/memoryStorage.js';
import {
  MAX_CACHED_PRODUCTS,
  cachedProduct,
  forgetProduct,
  productCacheKey,
  rememberProduct,
} from './productCache.js';

function product(id: number, updatedAt = '2024-01-01T00:00:00.000Z'): ProductDetail {
  return {
    kind: 'affiliate',
    id,
    title: `Product ${id}`,
    category: 'Mice',
    main_category: 'Accessories',
    view_count: 3,
    updated_at: updatedAt,
    imagecount: 2,
    price: '19.99',
    typical_price: '0',
    rate: 4,
    availability: 'YES',
    link: 'https://example.com',
    description: '<p>Hi</p>',
  };
}

describe('product cache', () => {
  it('reuses a copy whose updated_at equals the list item', () => {
    const storage = memoryStorage();
    rememberProduct(storage, '/pcshop', product(1));
    expect(cachedProduct(storage, '/pcshop', 1, '2024-01-01T00:00:00.000Z')?.title).toBe('Product 1');
  });

  it('refetches (returns nothing) when updated_at differs or is unknown', () => {
    const storage = memoryStorage();
    rememberProduct(storage, '/pcshop', product(1));
    expect(cachedProduct(storage, '/pcshop', 1, '2025-01-01T00:00:00.000Z')).toBeUndefined();
    expect(cachedProduct(storage, '/pcshop', 1, undefined)).toBeUndefined();
  });

  it('keeps one cache per list URL', () => {
    const storage = memoryStorage();
    rememberProduct(storage, '/pcshop', product(1));
    expect(cachedProduct(storage, '/smartshop', 1, '2024-01-01T00:00:00.000Z')).toBeUndefined();
  });

  it('replaces an older copy of the same product', () => {
    const storage = memoryStorage();
    rememberProduct(storage, '/', product(1));
    rememberProduct(storage, '/', product(1, '2025-02-02T00:00:00.000Z'));
    expect(JSON.parse(storage.getItem(productCacheKey('/')) ?? '[]')).toHaveLength(1);
    expect(cachedProduct(storage, '/', 1, '2025-02-02T00:00:00.000Z')).toBeDefined();
  });

  it('drops a product whose fetch failed', () => {
    const storage = memoryStorage();
    rememberProduct(storage, '/', product(1));
    rememberProduct(storage, '/', product(2));
    forgetProduct(storage, '/', 1);
    expect(cachedProduct(storage, '/', 1, '2024-01-01T00:00:00.000Z')).toBeUndefined();
    expect(cachedProduct(storage, '/', 2, '2024-01-01T00:00:00.000Z')).toBeDefined();
  });

  it('ignores malformed storage and keeps at most MAX_CACHED_PRODUCTS', () => {
    const storage = memoryStorage();
    storage.setItem(productCacheKey('/'), '{not json');
    expect(cachedProduct(storage, '/', 1, '2024-01-01T00:00:00.000Z')).toBeUndefined();
    for (let id = 1; id <= MAX_CACHED_PRODUCTS + 5; id += 1) rememberProduct(storage, '/', product(id));
    expect(JSON.parse(storage.getItem(productCacheKey('/')) ?? '[]')).toHaveLength(MAX_CACHED_PRODUCTS);
    expect(cachedProduct(storage, '/', 1, '2024-01-01T00:00:00.000Z')).toBeUndefined();
  });

  it('survives a full storage by dropping older entries', () => {
    const storage = memoryStorage(2500);
    for (let id = 1; id <= 10; id += 1) rememberProduct(storage, '/', product(id));
    expect(cachedProduct(storage, '/', 10, '2024-01-01T00:00:00.000Z')).toBeDefined();
  });
});
