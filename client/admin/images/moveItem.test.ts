import { describe, expect, it } from 'vitest';
import { moveItem } from './moveItem.js';

describe('moveItem', () => {
  const list = ['a', 'b', 'c', 'd'];

  it('moves an item forward to the drop position', () => {
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('moves an item backward to the drop position', () => {
    expect(moveItem(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('does nothing when dropped on itself', () => {
    expect(moveItem(list, 2, 2)).toBe(list);
  });

  it('ignores positions outside the list', () => {
    expect(moveItem(list, -1, 2)).toBe(list);
    expect(moveItem(list, 1, 4)).toBe(list);
  });

  it('does not change the original list', () => {
    moveItem(list, 0, 3);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});
