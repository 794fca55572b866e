import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';

/**
 * The shop's database as the server opens it (SQLite in DATA_DIR, or DATABASE_URL), for operator
 * scripts. Refuses a SQLite file that does not exist yet rather than creating an empty one.
 */
export function openOperatorDatabase(config: Config, pgSchema?: string): DatabaseHandle {
  if (!config.DATABASE_URL) {
    const file = path.join(config.dataDir, 'shop.db');
    if (!fs.existsSync(file)) {
      throw new Error(`There is no shop database at ${file}: check DATA_DIR, or start the shop once first.`);
    }
    return openDatabase({ sqliteFile: file });
  }
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: '',
    ...(pgSchema ? { pgSchema } : {}),
  });
}
