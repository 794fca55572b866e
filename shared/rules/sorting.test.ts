import { describe, expect, it } from 'vitest';
import { sortFlagsFor, sortModeFor } from './sorting.js';
import { SHOPS } from '../shops.js';

describe('sorting flags', () => {
  it('keeps sort modes mutually exclusive', () => {
    expect(sortFlagsFor('views')).toEqual({ sortByViews: true, sortByRating: false, sortByPrice: null });
    expect(sortFlagsFor('price_desc')).toEqual({
      sortByViews: false,
      sortByRating: false,
      sortByPrice: 'desc',
    });
    expect(sortFlagsFor('title')).toEqual({ sortByViews: false, sortByRating: false, sortByPrice: null });
  });

  it('maps flags back to a mode, falling back to the shop default', () => {
    expect(sortModeFor(sortFlagsFor('rating'), SHOPS.default)).toBe('rating');
    expect(sortModeFor(sortFlagsFor('rating'), SHOPS.ayz)).toBe('stock');
    expect(sortModeFor(sortFlagsFor('price_asc'), SHOPS.ayz)).toBe('price_asc');
    expect(sortModeFor(sortFlagsFor('title'), SHOPS.smart)).toBe('title');
  });
});
