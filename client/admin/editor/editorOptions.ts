/** The description editor's choices (docs/product.md §2 toolbar, §9 constants). */
export const FONT_SIZES: readonly string[] = Array.from({ length: 50 }, (_, index) => `${index + 1}px`);
export const DEFAULT_FONT_SIZE = '16px';

/** Flash, Neon80s and Pixel LCD are registered with @font-face in client/ui/descriptionFonts.css. */
export const FONT_FAMILIES = [
  'Georgia',
  'Arial',
  'Courier New',
  'Times New Roman',
  'Impact',
  'Comic Sans MS',
  'Flash',
  'Neon80s',
  'Pixel LCD',
] as const;

/** docs/product.md §9: undo history depth 100 with a 500 ms grouping delay. */
export const UNDO_DEPTH = 100;
export const UNDO_GROUP_DELAY_MS = 500;

/**
 * The first family of a CSS font-family value without quotes, as the font select lists it:
 * browsers report `"Pixel LCD", monospace` for what was set as `Pixel LCD`.
 */
export function fontFamilyName(value: unknown): string {
  if (typeof value !== 'string') return '';
  const first = value.split(',')[0] ?? '';
  return first.trim().replace(/^['"]|['"]$/g, '');
}

/** The text-size select's value for a textStyle fontSize attribute. */
export function fontSizeValue(value: unknown): string {
  return typeof value === 'string' && FONT_SIZES.includes(value) ? value : DEFAULT_FONT_SIZE;
}
