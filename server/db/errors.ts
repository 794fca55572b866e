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
  if (error instanceof DatabaseBusyError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_');
}

/**
 * Why PostgreSQL could not be used: no answer in time, the connection refused, the connection lost, or
 * the server itself turning the app away (starting up, shutting down, too many connections).
 */
export type UnavailableReason = 'timeout' | 'refused' | 'lost' | 'server';

/**
 * The database could not be reached, or stopped answering, while a request needed it. Raised by the
 * PostgreSQL pool (server/db/postgres-pool.ts) for every failure of a connection rather than of a
 * statement; the error handler answers 503 with Retry-After. The message is for the log, never the client.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs with which a PostgreSQL server turns a session away rather than failing a statement:
 * connection exceptions (class 08), an administrator or crash shutdown, a server still starting, and
 * too many connections.
 */
export function isServerUnavailableCode(code: unknown): boolean {
  return (
    typeof code === 'string' &&
    (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300')
  );
}

/** The database is out of reach for now: nothing this request did is at fault, and a retry later may work. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  return isServerUnavailableCode((error as { code?: unknown } | null)?.code);
}

/**
 * Every connection of this process's PostgreSQL pool stayed taken by other requests' statements for the
 * whole connect deadline, while the server answered: the shop is busy rather than cut off.
 */
export class DatabaseBusyError extends Error {
  readonly code = 'DATABASE_POOL_BUSY';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseBusyError';
  }
}
