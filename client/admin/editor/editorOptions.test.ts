import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FONT_SIZE,
  FONT_FAMILIES,
  FONT_SIZES,
  fontFamilyName,
  fontSizeValue,
} from './editorOptions.js';

describe('editor options', () => {
  it('offers 1px to 50px with 16px as default', () => {
    expect(FONT_SIZES[0]).toBe('1px');
    expect(FONT_SIZES.at(-1)).toBe('50px');
    expect(FONT_SIZES).toHaveLength(50);
    expect(DEFAULT_FONT_SIZE).toBe('16px');
  });

  it('lists the nine fonts of the spec', () => {
    expect(FONT_FAMILIES).toEqual([
      'Georgia',
      'Arial',
      'Courier New',
      'Times New Roman',
      'Impact',
      'Comic Sans MS',
      'Flash',
      'Neon80s',
      'Pixel LCD',
    ]);
  });
});

describe('fontFamilyName', () => {
  it('strips quotes and fallbacks', () => {
    expect(fontFamilyName('"Pixel LCD", monospace')).toBe('Pixel LCD');
    expect(fontFamilyName("'Times New Roman'")).toBe('Times New Roman');
    expect(fontFamilyName('Georgia')).toBe('Georgia');
  });

  it('is empty when no family is set', () => {
    expect(fontFamilyName(undefined)).toBe('');
    expect(fontFamilyName(null)).toBe('');
  });
});

describe('fontSizeValue', () => {
  it('keeps a listed size and falls back to 16px', () => {
    expect(fontSizeValue('24px')).toBe('24px');
    expect(fontSizeValue('1.2em')).toBe('16px');
    expect(fontSizeValue(undefined)).toBe('16px');
  });
});
