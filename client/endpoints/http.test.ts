import { describe, expect, it } from 'vitest';
import { queryString } from './http.js';

describe('queryString', () => {
  it('skips undefined and empty values', () => {
    expect(queryString({ shop: 'pc', q: '', category: undefined, page: 2 })).toBe('?shop=pc&page=2');
  });
  it('is empty when nothing is set', () => {
    expect(queryString({ q: '' })).toBe('');
  });
  it('encodes values', () => {
    expect(queryString({ category: 'Cables & Hubs' })).toBe('?category=Cables+%26+Hubs');
  });
});
