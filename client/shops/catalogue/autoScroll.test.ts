import { describe, expect, it } from 'vitest';
import { AUTO_SCROLL_PX_PER_MS, autoScrollAdvance } from './autoScroll.js';

describe('autoScrollAdvance', () => {
  it('moves 1 px per 20 ms in the current direction (docs/product.md §9)', () => {
    expect(AUTO_SCROLL_PX_PER_MS).toBe(0.05);
    expect(autoScrollAdvance(10, 100, 1, 20)).toEqual({ position: 11, direction: 1 });
    expect(autoScrollAdvance(10, 100, -1, 20)).toEqual({ position: 9, direction: -1 });
    expect(autoScrollAdvance(10, 100, 1, 1000)).toEqual({ position: 60, direction: 1 });
  });
  it('is the same distance whether the frames are short or long', () => {
    let state = { position: 0, direction: 1 as 1 | -1 };
    for (let frame = 0; frame < 60; frame += 1)
      state = autoScrollAdvance(state.position, 100, state.direction, 1000 / 60);
    expect(state.position).toBeCloseTo(50, 6);
  });
  it('reverses at each end and keeps the distance left over', () => {
    expect(autoScrollAdvance(99, 100, 1, 60)).toEqual({ position: 98, direction: -1 });
    expect(autoScrollAdvance(1, 100, -1, 60)).toEqual({ position: 2, direction: 1 });
    expect(autoScrollAdvance(100, 100, 1, 20)).toEqual({ position: 99, direction: -1 });
  });
  it('stays put when nothing overflows, and never leaves the track', () => {
    expect(autoScrollAdvance(0, 0, 1, 20)).toEqual({ position: 0, direction: 1 });
    const far = autoScrollAdvance(50, 100, 1, 1_000_000);
    expect(far.position).toBeGreaterThanOrEqual(0);
    expect(far.position).toBeLessThanOrEqual(100);
  });
});
