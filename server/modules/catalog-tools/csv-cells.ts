/** Cells as the CSV carries them: formula escaping undone on import and kept on export, and conditions by product. */
import type { ProductConditionRow } from '../../db/types.js';

export function conditionsById(rows: readonly ProductConditionRow[]): Map<number, ProductConditionRow[]> {
  const byId = new Map<number, ProductConditionRow[]>();
  for (const row of rows) byId.set(row.product_id, [...(byId.get(row.product_id) ?? []), row]);
  return byId;
}

/**
 * Cells escaped against formulas: csv-stringify's escape_formulas puts ' before a cell starting with
 * = + - @ (or a tab); the export puts one more before a stored value that already starts with ' and
 * then such a character. The import takes exactly one ' off every cell of that shape, so each value
 * comes back as stored, whatever its quotes.
 */
const ESCAPED_FORMULA = /^'+[-=+@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A stored value that already looks escaped keeps its own ' through the round trip (one more goes on). */
export function keepLiteralQuotes(record: Record<string, string>): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [column, value] of Object.entries(record)) {
    cells[column] = ESCAPED_FORMULA.test(value) ? `'${value}` : value;
  }
  return cells;
}

export function unescapeFormulas(record: Record<string, string>): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [column, value] of Object.entries(record)) {
    cells[column] = ESCAPED_FORMULA.test(value) ? value.slice(1) : value;
  }
  return cells;
}
