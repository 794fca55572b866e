import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DatabaseAvailability } from './availability.js';
import { createPostgresPool } from './postgres-pool.js';
import { cachingStatements } from './statement-cache.js';
import type { Database } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL only: where it is ('host:port') and whether it answers (server/db/postgres-pool.ts). */
  postgres?: { address: string; availability: DatabaseAvailability };
}

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; unset for the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** SQLite file path, used when databaseUrl is unset. */
  sqliteFile: string;
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  pgSchema?: string;
}

// COUNT and SUM come back from PostgreSQL as strings (int8/numeric); the repositories convert them.
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = createPostgresPool({
      connectionString: options.databaseUrl,
      ...(options.pgSchema ? { schema: options.pgSchema } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      postgres: { address: pool.address, availability: pool.availability },
    };
  }
  fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  // An acknowledged order must survive a power cut (docs/architecture.md §2).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // This process has one connection, whose users Kysely queues, so only another connection (a backup,
  // npm run admin:unlock) can hold the file. better-sqlite3 waits synchronously, blocking the event
  // loop; past the wait, SQLITE_BUSY answers 503 with Retry-After (server/http/error-handler.ts).
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
