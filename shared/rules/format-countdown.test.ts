import { describe, expect, it } from 'vitest';
import { formatCountdown } from './display.js';

describe('formatCountdown', () => {
  it('pads seconds to two digits', () => {
    expect(formatCountdown(245)).toBe('4:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('keeps counting minutes past an hour', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(3725)).toBe('62:05');
  });

  it('clamps negative and fractional input', () => {
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(59.9)).toBe('0:59');
  });
});
