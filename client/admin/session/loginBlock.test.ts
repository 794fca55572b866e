import { describe, expect, it } from 'vitest';
import { blockedUntil, parseLoginBlock, secondsLeft } from './loginBlock.js';

describe('parseLoginBlock', () => {
  it('is none without a stored value', () => {
    expect(parseLoginBlock(null, 1000)).toEqual({ state: 'none' });
    expect(parseLoginBlock('  ', 1000)).toEqual({ state: 'none' });
  });

  it('resumes a block that ends in the future', () => {
    expect(parseLoginBlock('5000', 1000)).toEqual({ state: 'active', until: 5000 });
  });

  it('reports a past or unreadable block as expired so it can be removed', () => {
    expect(parseLoginBlock('1000', 1000)).toEqual({ state: 'expired' });
    expect(parseLoginBlock('999', 1000)).toEqual({ state: 'expired' });
    expect(parseLoginBlock('soon', 1000)).toEqual({ state: 'expired' });
  });
});

describe('blockedUntil', () => {
  it('adds retryAfter seconds to now', () => {
    expect(blockedUntil(10_000, 90)).toBe(100_000);
  });

  it('never ends before now', () => {
    expect(blockedUntil(10_000, -5)).toBe(10_000);
  });
});

describe('secondsLeft', () => {
  it('rounds partial seconds up', () => {
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(70_001, 10_000)).toBe(61);
  });

  it('is zero once the block has ended', () => {
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});
