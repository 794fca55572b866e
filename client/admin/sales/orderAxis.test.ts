import { describe, expect, it } from 'vitest';
import { orderAxisRange, orderAxisStep, orderAxisTicks } from './orderAxis.js';

describe('the sales chart’s order axis', () => {
  it('ticks whole orders only, whatever the busiest day', () => {
    for (let max = 0; max <= 2_000; max += 1) {
      const [low, high] = orderAxisRange(max);
      const ticks = orderAxisTicks(low, high);
      expect(ticks[0], `max ${max}`).toBe(0);
      expect(ticks.at(-1), `max ${max}`).toBe(high);
      for (const tick of ticks) expect(Number.isInteger(tick), `max ${max}: ${tick}`).toBe(true);
      expect(high, `max ${max}`).toBeGreaterThanOrEqual(max);
      expect(ticks.length, `max ${max}`).toBeLessThanOrEqual(6);
    }
  });

  it('shows 0 and 1 for a period with one order or none, not 0.2 steps', () => {
    expect(orderAxisRange(0)).toEqual([0, 1]);
    expect(orderAxisTicks(0, 1)).toEqual([0, 1]);
    expect(orderAxisRange(1)).toEqual([0, 1]);
    expect(orderAxisTicks(...orderAxisRange(3))).toEqual([0, 1, 2, 3]);
    expect(orderAxisTicks(...orderAxisRange(7))).toEqual([0, 2, 4, 6, 8]);
    expect(orderAxisTicks(...orderAxisRange(42))).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it('takes a missing or odd maximum as no orders', () => {
    expect(orderAxisRange(null)).toEqual([0, 1]);
    expect(orderAxisRange(Number.NaN)).toEqual([0, 1]);
    expect(orderAxisStep(Number.POSITIVE_INFINITY)).toBe(1);
    expect(orderAxisTicks(0.5, 3)).toEqual([1, 2, 3]);
  });
});
