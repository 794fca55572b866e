import { describe, expect, it } from 'vitest';
import { filledStars, pageCount, wrapIndex } from './display.js';

describe('paging, stars and the gallery', () => {
  it('counts pages', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('fills stars up to the rating', () => {
    expect(filledStars(3.6)).toBe(4);
    expect(filledStars(9)).toBe(5);
    expect(filledStars(-2)).toBe(0);
  });

  it('wraps around both ends', () => {
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(0, 0)).toBe(0);
  });
});
