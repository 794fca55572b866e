/**
 * Prepared statements kept per SQL text for the SQLite file. Kysely's SQLite driver prepares every query
 * it runs again (`db.prepare(sql)` each time), and preparing costs about as much as running a primary-key
 * lookup: on a warm catalogue answer, whose only query is its shop's version, it was a third of the
 * database's share (bench/README.md, bench:http). The texts are few (Kysely compiles values into
 * parameters), so the cache keeps the most recently used STATEMENT_CACHE_SIZE of them; but a text whose
 * length follows its values (a multi-row INSERT of a chat batch, an `in (…)` list of 1,000 ids) has a
 * shape per count, and each kept one holds its compiled program outside the JS heap (500 such texts held
 * 14–44 MB), so a statement with more than MAX_CACHED_PARAMETERS parameters is prepared for its one use.
 */
import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

export const STATEMENT_CACHE_SIZE = 500;
/** Parameters a kept statement has at most: more are a list or rows whose count varies from call to call. */
export const MAX_CACHED_PARAMETERS = 32;

/** The statement's parameters (Kysely writes each as `?`; its texts hold no `?` of their own otherwise). */
function parameterCount(sql: string): number {
  let count = 0;
  for (let at = sql.indexOf('?'); at !== -1; at = sql.indexOf('?', at + 1)) count += 1;
  return count;
}

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
      if (kept || parameterCount(sql) > MAX_CACHED_PARAMETERS) return statement;
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
