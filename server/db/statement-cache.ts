/**
 * Prepared statements kept per SQL text for the SQLite file. Kysely's SQLite driver prepares every query
 * it runs again (`db.prepare(sql)` each time), and preparing costs about as much as running a primary-key
 * lookup: on a warm catalogue answer, whose only query is its shop's version, it was a third of the
 * database's share (bench/README.md, bench:http). The texts are few (Kysely compiles values into
 * parameters), so the cache keeps the most recently used STATEMENT_CACHE_SIZE of them.
 */
import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

export const STATEMENT_CACHE_SIZE = 500;

export function cachingStatements(sqlite: SqliteFile, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      const kept = statements.get(sql);
      // A statement still iterating (a streamed query) cannot run again until it ends: a new one for that.
      if (kept && !kept.busy) {
        // Most recently used last, so the oldest go first.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (kept) return statement;
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
