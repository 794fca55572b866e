import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe.js';

describe('swipeDirection', () => {
  it('needs more than 50 px', () => {
    expect(swipeDirection(-50)).toBeNull();
    expect(swipeDirection(-51)).toBe('next');
    expect(swipeDirection(51)).toBe('prev');
  });
  it('ignores mostly vertical moves', () => {
    expect(swipeDirection(-60, 120)).toBeNull();
  });
});
