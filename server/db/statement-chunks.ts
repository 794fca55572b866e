/** At most this many bound values per statement (SQLite allows 32,766, PostgreSQL 65,535). */
const MAX_VALUES_PER_STATEMENT = 8000;
const MAX_ROWS_PER_STATEMENT = 500;

/**
 * `rows` in parts small enough for one multi-row statement each, `valuesPerRow` bound values a row: one
 * statement per row costs more than the writes themselves, one statement for all can pass a driver's limit.
 */
export function* statementChunks<T>(rows: readonly T[], valuesPerRow: number): Generator<T[]> {
  const size = Math.max(
    1,
    Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_VALUES_PER_STATEMENT / valuesPerRow)),
  );
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
