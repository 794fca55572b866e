/**
 * The PostgreSQL pool against a real server behind the fault proxy: a connection cut while idle in the
 * pool (which ended the process before), a server that stops answering, a statement that is merely long,
 * and a pool whose every connection is busy.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy.js';
import type { AvailabilityListener } from './availability.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import {
  DatabaseBusyError,
  DatabaseUnavailableError,
  isBusyDatabase,
  isDatabaseUnavailable,
} from './errors.js';
import { createPostgresPool } from './postgres-pool.js';

const url = process.env.TEST_DATABASE_URL;

/** The next availability change, as an awaitable event. */
function nextChange(handle: DatabaseHandle): Promise<Parameters<AvailabilityListener>[0]> {
  return new Promise((resolve) => {
    const stop = handle.postgres!.availability.onChange((change) => {
      stop();
      resolve(change);
    });
  });
}

async function failureOf(work: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await work;
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error('the statement succeeded');
}

describe.skipIf(!url)('the PostgreSQL pool behind a fault proxy', () => {
  let proxy: FaultProxy;
  let handle: DatabaseHandle;
  const changes: boolean[] = [];

  beforeAll(async () => {
    const target = new URL(url!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    handle = openDatabase({ databaseUrl: proxy.url(url!), sqliteFile: '' });
    handle.postgres!.availability.onChange(({ reachable }) => changes.push(reachable));
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await handle.close();
    await proxy.close();
  });

  it('survives a connection cut while idle in the pool, fails the next statement as unavailable, then serves again', async () => {
    await sql`select 1`.execute(handle.db);
    expect(proxy.openConnections()).toBe(1);
    const down = nextChange(handle);
    // Without a listener for the pool's 'error' event, this ends the process (and the test run).
    proxy.cut();
    expect(await down).toMatchObject({ reachable: false });

    const { error } = await failureOf(sql`select 1`.execute(handle.db));
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(isDatabaseUnavailable(error)).toBe(true);

    const up = nextChange(handle);
    proxy.restore();
    await sql`select 1`.execute(handle.db);
    expect(await up).toEqual({ reachable: true });
    // One outage, one change each way: not one per failed statement.
    expect(changes.slice(-2)).toEqual([false, true]);
  });

  it('ends a statement the stalled server leaves unanswered, and a new one, within 10 s; then serves again', async () => {
    await sql`select 1`.execute(handle.db);
    proxy.stall();
    const inFlight = await failureOf(sql`select 1`.execute(handle.db));
    expect(inFlight.error).toBeInstanceOf(DatabaseUnavailableError);
    expect((inFlight.error as DatabaseUnavailableError).reason).toBe('timeout');
    expect(inFlight.ms).toBeLessThan(10_000);
    expect(handle.postgres!.availability.reachable).toBe(false);
    // A transaction too: its begin goes unanswered, and so does the rollback Kysely then tries.
    const transaction = await failureOf(handle.db.transaction().execute((trx) => sql`select 1`.execute(trx)));
    expect(isDatabaseUnavailable(transaction.error)).toBe(true);
    expect(transaction.ms).toBeLessThan(10_000);

    proxy.restore();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
    expect(handle.postgres!.availability.reachable).toBe(true);
  });

  it('lets a long statement on a server that answers run to its end', async () => {
    const before = changes.length;
    const { rows } = await sql<{ done: string }>`select pg_sleep(3.5)::text as done`.execute(handle.db);
    expect(rows).toEqual([{ done: '' }]);
    expect(changes.length).toBe(before);
  });
});

describe.skipIf(!url)('a PostgreSQL pool whose every connection is taken', () => {
  it('answers busy (not unavailable) after the connect deadline while the server answers', async () => {
    const pool = createPostgresPool({ connectionString: url!, max: 1 });
    try {
      const held = await pool.connect();
      const long = held.query('select pg_sleep(6)', []);
      const { error, ms } = await failureOf(pool.connect());
      expect(error).toBeInstanceOf(DatabaseBusyError);
      expect(isBusyDatabase(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(ms).toBeLessThan(10_000);
      expect(pool.availability.reachable).toBe(true);
      await long;
      held.release();
    } finally {
      await pool.end();
    }
  });
});
