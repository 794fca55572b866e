import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination.js';

describe('pageWindow', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps first and last with a window around the current page', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });

  it('keeps the same number of buttons near either end', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 15, 16, 17, 18, 19, 20]);
  });
});
