import { describe, expect, it } from 'vitest';
import { cardPicture, galleryImageUrls, productPreviewUrl } from './images.js';

describe('pictures', () => {
  it('builds 1..imagecount image URLs with a version', () => {
    expect(galleryImageUrls('PCProducts', 12, 2, 'v1')).toEqual([
      '/images/PCProducts/12/1.webp?v=v1',
      '/images/PCProducts/12/2.webp?v=v1',
    ]);
  });

  it('asks for no picture of a product that has none', () => {
    // A request for a file that is not there answers 404 into the visitor's console (e2e/console.spec.ts).
    expect(galleryImageUrls('Products', 1, 0)).toEqual([]);
    expect(cardPicture('Products', { id: 1, updated_at: 'v1', imagecount: 0 })).toBeNull();
    expect(productPreviewUrl('Products', { product_id: 1, imagecount: 0 })).toBeNull();
    expect(cardPicture('Products', { id: 1, updated_at: 'v1', imagecount: 1 })?.src).toBe(
      '/images/Products/1/w/320/1.webp?v=v1',
    );
    expect(productPreviewUrl('Products', { product_id: 1, imagecount: 2, updated_at: 'v1' })).toBe(
      '/images/Products/1/preview/1.webp?v=v1',
    );
  });
});
