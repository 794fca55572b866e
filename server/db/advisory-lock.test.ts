import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { withAdvisoryLock } from './advisory-lock.js';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('withAdvisoryLock on PostgreSQL', () => {
  // Two pools: two app processes sharing the database, each with its own connections.
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  beforeAll(() => {
    first = openDatabase({ databaseUrl: url, sqliteFile: '' });
    second = openDatabase({ databaseUrl: url, sqliteFile: '' });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('lets one holder at a time run under the same key, across pools, and frees it after a failure', async () => {
    const key = `test-lock-${Date.now()}`;
    const events: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      events.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`${name} end`);
      return name;
    };
    const a = withAdvisoryLock(first.db, key, slow('a', 300));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const b = withAdvisoryLock(second.db, key, slow('b', 10));
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end']);

    await expect(withAdvisoryLock(first.db, key, () => Promise.reject(new Error('broken')))).rejects.toThrow(
      'broken',
    );
    expect(await withAdvisoryLock(second.db, key, async () => 'free again')).toBe('free again');
  });

  it('does not hold up another key', async () => {
    const events: string[] = [];
    const a = withAdvisoryLock(first.db, `k1-${Date.now()}`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push('a');
    });
    const b = withAdvisoryLock(second.db, `k2-${Date.now()}`, async () => void events.push('b'));
    await Promise.all([a, b]);
    expect(events).toEqual(['b', 'a']);
  });
});
