import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingStatements, MAX_CACHED_PARAMETERS } from './statement-cache.js';

describe('cachingStatements: prepared statements kept per SQL text (SQLite)', () => {
  let dir: string;
  let sqlite: SQLite.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cache-'));
    sqlite = new SQLite(path.join(dir, 'shop.db'));
    sqlite.exec('create table t (id integer primary key, name text)');
    sqlite.exec("insert into t (name) values ('a'), ('b'), ('c')");
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prepares a text once and hands the same statement back', () => {
    const database = cachingStatements(sqlite);
    const first = database.prepare('select name from t where id = ?');
    expect(database.prepare('select name from t where id = ?')).toBe(first);
    expect(database.prepare('select name from t where id = ? ')).not.toBe(first);
  });

  it('keeps only the most recently used texts', () => {
    const database = cachingStatements(sqlite, 2);
    const one = database.prepare('select 1');
    const two = database.prepare('select 2');
    expect(database.prepare('select 1')).toBe(one); // now the most recent
    database.prepare('select 3'); // pushes out 'select 2', the least recently used
    expect(database.prepare('select 1')).toBe(one);
    expect(database.prepare('select 2')).not.toBe(two);
  });

  it('does not keep a statement whose parameters are a list or rows of varying count', () => {
    const database = cachingStatements(sqlite);
    const list = (count: number) => `select name from t where id in (${Array(count).fill('?').join(', ')})`;
    const short = database.prepare(list(MAX_CACHED_PARAMETERS));
    expect(database.prepare(list(MAX_CACHED_PARAMETERS))).toBe(short);
    const long = database.prepare(list(MAX_CACHED_PARAMETERS + 1));
    expect(database.prepare(list(MAX_CACHED_PARAMETERS + 1))).not.toBe(long);
    expect(long.all([1, ...Array<number>(MAX_CACHED_PARAMETERS).fill(2)])).toEqual([
      { name: 'a' },
      { name: 'b' },
    ]);
  });

  it('gives a new statement while the kept one is still iterating, and keeps the kept one', () => {
    const database = cachingStatements(sqlite);
    const text = 'select name from t order by id';
    const kept = database.prepare(text);
    const rows = (kept as unknown as SQLite.Statement).iterate();
    expect(rows.next().value).toEqual({ name: 'a' });
    const other = database.prepare(text);
    expect(other).not.toBe(kept);
    expect(other.all([])).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(rows.next().value).toEqual({ name: 'b' });
    rows.return?.();
    expect(database.prepare(text)).toBe(kept);
  });

  it('under Kysely: answers follow writes and schema changes, and a streamed query beside a read works', async () => {
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
    });
    const names = () => db.selectFrom('t').selectAll().orderBy('id').execute();
    expect(await names()).toHaveLength(3);
    await db.insertInto('t').values({ name: 'd' }).execute();
    expect((await names()).map((row) => row.name)).toEqual(['a', 'b', 'c', 'd']);
    await sql`alter table t add column price integer default 7`.execute(db);
    expect((await names())[0]).toEqual({ id: 1, name: 'a', price: 7 });

    const streamed: string[] = [];
    for await (const row of db.selectFrom('t').select('name').orderBy('id').stream()) streamed.push(row.name);
    expect(streamed).toEqual(['a', 'b', 'c', 'd']);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
