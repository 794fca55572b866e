import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBusyDatabase } from '../db/errors.js';
import type { Database } from '../db/types.js';
import { addProduct } from '../test/fixtures.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../test/harness.js';
import { DATABASE_BUSY, registerErrorHandler } from './error-handler.js';

/** Two transactions locking two products in opposite orders: PostgreSQL aborts one (40P01). */
async function realDeadlock(db: Kysely<Database>): Promise<unknown> {
  let arrived = 0;
  let bothHoldOne: () => void = () => {};
  const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
  const lock = (trx: Kysely<Database>, id: number) =>
    trx
      .updateTable('products')
      .set((eb) => ({ stock_quantity: eb.ref('stock_quantity') }))
      .where('id', '=', id)
      .execute();
  const run = (first: number, second: number) =>
    db.transaction().execute(async (trx) => {
      await lock(trx, first);
      arrived += 1;
      if (arrived === 2) bothHoldOne();
      await barrier;
      await lock(trx, second);
    });
  const results = await Promise.allSettled([run(1, 2), run(2, 1)]);
  return results.find((result) => result.status === 'rejected')?.reason;
}

/** A second connection finding the database locked by a first one, without waiting (SQLITE_BUSY). */
function realBusy(file: string): unknown {
  const holder = new BetterSqlite3(file);
  const other = new BetterSqlite3(file);
  other.pragma('busy_timeout = 0');
  try {
    holder.exec('begin immediate');
    other.exec('begin immediate');
    return undefined;
  } catch (error) {
    return error;
  } finally {
    holder.close();
    other.close();
  }
}

describe.each(TEST_DIALECTS)('a database too busy to finish a request, on %s', (dialect) => {
  let t: TestApp;
  let busy: unknown;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await addProduct(t.handle.db, 'ayz', 1);
    await addProduct(t.handle.db, 'ayz', 2);
    busy =
      dialect === 'postgres' ? await realDeadlock(t.handle.db) : realBusy(path.join(t.dataDir, 'shop.db'));
  });
  afterAll(() => t.close());

  it("is recognised from the driver's own error", () => {
    expect(busy).toBeInstanceOf(Error);
    expect(isBusyDatabase(busy)).toBe(true);
  });

  it('answers 503 with a sentence and Retry-After: 1, never a 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/busy', async () => {
      throw busy;
    });
    app.get('/broken', async () => {
      throw Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' });
    });
    const response = await app.inject({ url: '/busy' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({ error: DATABASE_BUSY });
    expect(DATABASE_BUSY).toBe('The shop is busy. Please try again in a moment.');
    // Any other database error is still a fault of ours.
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});

describe('isBusyDatabase', () => {
  it('knows serialization failures, deadlocks and SQLite busy codes, and nothing else', () => {
    const withCode = (code: unknown) => Object.assign(new Error('x'), { code });
    for (const code of ['40P01', '40001', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT']) {
      expect(isBusyDatabase(withCode(code)), code).toBe(true);
    }
    for (const code of ['23505', 'SQLITE_CONSTRAINT_UNIQUE', 40001, undefined]) {
      expect(isBusyDatabase(withCode(code)), String(code)).toBe(false);
    }
    expect(isBusyDatabase(null)).toBe(false);
  });
});
