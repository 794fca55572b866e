/** A primary-key or unique-constraint violation, as either dialect reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The database gave this transaction up because of others running at the same time: a deadlock or a
 * serialization failure on PostgreSQL, a lock held past busy_timeout on SQLite. Nothing was written, and
 * the same request a moment later is expected to succeed.
 */
export function isBusyDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_');
}
