import { describe, expect, it } from 'vitest';
import { emptySelection, selectAllMatching, selectedCount, toggleId, togglePage } from './selection.js';

describe('choosing products for a bulk action', () => {
  it('ticks a page, keeps other pages, and clears the page when all of it was ticked', () => {
    let selection = toggleId(emptySelection, 99, [1, 2, 3]);
    selection = togglePage(selection, [1, 2, 3]);
    expect([...selection.ids].sort((a, b) => a - b)).toEqual([1, 2, 3, 99]);
    selection = togglePage(selection, [1, 2, 3]);
    expect([...selection.ids]).toEqual([99]);
  });

  it('counts every matching product under "all N matching"; unticking a row keeps the rest of the page', () => {
    const all = selectAllMatching({ q: 'lamp' });
    expect(selectedCount(all, 1234)).toBe(1234);
    const fewer = toggleId(all, 2, [1, 2, 3]);
    expect(fewer).toEqual({ ids: new Set([1, 3]), allMatching: null });
    expect(selectedCount(fewer, 1234)).toBe(2);
    expect(togglePage(all, [1, 2, 3])).toEqual(emptySelection);
  });
});
