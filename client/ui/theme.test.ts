import { describe, expect, it } from 'vitest';
import { parseTheme } from './theme.js';

describe('parseTheme', () => {
  it('defaults to light', () => {
    expect(parseTheme(null)).toBe('light');
    expect(parseTheme('purple')).toBe('light');
  });
  it('keeps dark', () => {
    expect(parseTheme('dark')).toBe('dark');
  });
});
