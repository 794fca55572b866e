import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Runs `work` while holding a lock named `key` that every process sharing the PostgreSQL database
 * respects (a session advisory lock on a connection of its own, released however `work` ends). On
 * SQLite it only runs `work`: one SQLite file belongs to one process.
 */
export async function withAdvisoryLock<T, DB>(
  db: Kysely<DB>,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtextextended(${key}, 0))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection);
    }
  });
}
