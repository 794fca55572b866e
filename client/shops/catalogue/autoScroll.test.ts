import { describe, expect, it } from 'vitest';
import { autoScrollStep } from './autoScroll.js';

describe('autoScrollStep', () => {
  it('moves 1 px in the current direction', () => {
    expect(autoScrollStep(10, 100, 1)).toEqual({ position: 11, direction: 1 });
    expect(autoScrollStep(10, 100, -1)).toEqual({ position: 9, direction: -1 });
  });
  it('reverses at each end', () => {
    expect(autoScrollStep(100, 100, 1)).toEqual({ position: 99, direction: -1 });
    expect(autoScrollStep(0, 100, -1)).toEqual({ position: 1, direction: 1 });
  });
  it('stays put when nothing overflows', () => {
    expect(autoScrollStep(0, 0, 1)).toEqual({ position: 0, direction: 1 });
  });
});
