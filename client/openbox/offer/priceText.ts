import { formatDollars } from '../../../shared/rules/money.js';

/** "$12.00 – $40.00", or one price when both ends are equal. */
export function formatPriceRange(range: { min: number; max: number }): string {
  if (range.min === range.max) return formatDollars(range.min);
  return `${formatDollars(range.min)} – ${formatDollars(range.max)}`;
}

/** How urgent a stock label looks: none left, the last one, or plenty. */
export function stockTone(quantity: number): 'out' | 'last' | 'in' {
  if (quantity <= 0) return 'out';
  return quantity === 1 ? 'last' : 'in';
}
