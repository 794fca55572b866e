import { describe, expect, it } from 'vitest';
import { emptySelection, selectedCount, toggleId, togglePage } from './selection.js';

describe('choosing products for a bulk action', () => {
  it('ticks a page, keeps other pages, and clears the page when all of it was ticked', () => {
    let selection = toggleId(emptySelection, 99);
    selection = togglePage(selection, [1, 2, 3]);
    expect([...selection.ids].sort((a, b) => a - b)).toEqual([1, 2, 3, 99]);
    selection = togglePage(selection, [1, 2, 3]);
    expect([...selection.ids]).toEqual([99]);
  });

  it('counts every matching product once "all N matching" is chosen, and a tick leaves that mode', () => {
    const all = { ids: new Set([1]), allMatching: true };
    expect(selectedCount(all, 1234)).toBe(1234);
    expect(toggleId(all, 2)).toEqual({ ids: new Set([1, 2]), allMatching: false });
  });
});
