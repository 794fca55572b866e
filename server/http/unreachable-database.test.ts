/**
 * The one error handler's answer when the database is out of reach: 503, a sentence and Retry-After,
 * for errors the PostgreSQL pool really raises (a port nothing listens on) and the SQLSTATEs with which
 * a server turns sessions away. The whole server process in front of a PostgreSQL that blinks is in
 * server/database-outage.test.ts.
 */
import net from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import {
  DatabaseBusyError,
  DatabaseUnavailableError,
  isBusyDatabase,
  isDatabaseUnavailable,
} from '../db/errors.js';
import { DATABASE_BUSY, DATABASE_UNAVAILABLE, registerErrorHandler } from './error-handler.js';

/** A port on 127.0.0.1 that nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('a PostgreSQL out of reach', () => {
  let handle: DatabaseHandle;
  let refused: unknown;

  beforeAll(async () => {
    handle = openDatabase({
      databaseUrl: `postgres://shop@127.0.0.1:${await closedPort()}/shop`,
      sqliteFile: '',
    });
    refused = await sql`select 1`.execute(handle.db).then(
      () => undefined,
      (error: unknown) => error,
    );
  });
  afterAll(() => handle.close());

  it('fails a statement with a DatabaseUnavailableError, by type, naming where', () => {
    expect(refused).toBeInstanceOf(DatabaseUnavailableError);
    expect((refused as DatabaseUnavailableError).reason).toBe('refused');
    expect((refused as Error).message).toContain('PostgreSQL at 127.0.0.1:');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isBusyDatabase(refused)).toBe(false);
    expect(handle.postgres!.availability.reachable).toBe(false);
  });

  it('answers 503 with a sentence and Retry-After: 5; a busy pool 503 with Retry-After: 1; others stay 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/unreachable', async () => {
      throw refused;
    });
    app.get('/busy-pool', async () => {
      throw new DatabaseBusyError('every connection stayed busy');
    });
    app.get('/broken', async () => {
      throw Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' });
    });
    const unreachable = await app.inject({ url: '/unreachable' });
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.headers['retry-after']).toBe('5');
    expect(unreachable.json()).toEqual({ error: DATABASE_UNAVAILABLE });
    expect(DATABASE_UNAVAILABLE).toBe(
      'The shop cannot reach its database right now. Please try again in a moment.',
    );
    const busy = await app.inject({ url: '/busy-pool' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({ error: DATABASE_BUSY });
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows the SQLSTATEs of a server turning sessions away, and nothing else', () => {
    const withCode = (code: unknown) => Object.assign(new Error('x'), { code });
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '53300']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    for (const code of ['40P01', '23505', '42P01', '57014', 'SQLITE_BUSY', 'ECONNREFUSED', undefined]) {
      expect(isDatabaseUnavailable(withCode(code)), String(code)).toBe(false);
    }
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
