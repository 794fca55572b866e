/** All SQL of the activity log. Every function takes the database or a transaction. */
import { type Insertable, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { ActivityLogTable, ActivityRow, Database } from '../../db/types.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** The filters as the SQL uses them: the target's lowercased text, and [fromAt, beforeAt) times. */
export interface ActivityWhere {
  target?: string | undefined;
  action?: string | undefined;
  /** The first time included (ISO). */
  fromAt?: string | undefined;
  /** The first time after the range (ISO). */
  beforeAt?: string | undefined;
}

export async function insertActivity(db: Db, row: Insertable<ActivityLogTable>): Promise<void> {
  await db.insertInto('activity_log').values(row).execute();
}

/** LIKE's own characters taken literally (with ESCAPE '\'). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered<O>(
  query: SelectQueryBuilder<Database, 'activity_log', O>,
  where: ActivityWhere,
): SelectQueryBuilder<Database, 'activity_log', O> {
  let q = query;
  if (where.target) {
    const pattern = `%${likeLiteral(where.target.toLowerCase())}%`;
    q = q.where(sql<boolean>`lower(${sql.ref('target')}) like ${pattern} escape '\\'`);
  }
  if (where.action) q = q.where('action', '=', where.action);
  if (where.fromAt) q = q.where('at', '>=', where.fromAt);
  if (where.beforeAt) q = q.where('at', '<', where.beforeAt);
  return q;
}

/** One page, newest first, and how many rows match. */
export async function findActivityPage(
  db: Db,
  where: ActivityWhere,
  limit: number,
  offset: number,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db.selectFrom('activity_log').selectAll(), where)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db.selectFrom('activity_log'), where)
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The rows after a keyset position (newest first): for the CSV, a page at a time. */
export async function findActivityBefore(
  db: Db,
  where: ActivityWhere,
  after: { at: string; id: number } | undefined,
  limit: number,
): Promise<ActivityRow[]> {
  let query = filtered(db.selectFrom('activity_log').selectAll(), where);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Deletes up to `limit` rows older than `cutoff`, oldest first; answers how many. */
export async function deleteActivityBefore(db: Db, cutoff: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('activity_log')
    .where(
      'id',
      'in',
      db
        .selectFrom('activity_log')
        .select('id')
        .where('at', '<', cutoff)
        .orderBy('at')
        .orderBy('id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
