/** All SQL of the ledger. Rows are only ever inserted: a trigger refuses UPDATE and DELETE (migration 0016). */
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, LedgerEntriesTable, LedgerEntryRow } from '../../db/types.js';

export type Db = Kysely<Database> | Transaction<Database>;

export async function insertEntry(db: Db, entry: Insertable<LedgerEntriesTable>): Promise<void> {
  await db.insertInto('ledger_entries').values(entry).execute();
}

/** What the ledger holds of one payment, per kind, in cents (0 for a kind with no row). */
export async function sumsOfPayment(
  db: Db,
  paymentRef: string,
): Promise<Record<LedgerEntryRow['kind'], number>> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['kind', sql<number | string>`sum(amount_cents)`.as('total')])
    .where('payment_ref', '=', paymentRef)
    .groupBy('kind')
    .execute();
  const sums = { received: 0, refunded: 0, accepted_short: 0 };
  for (const row of rows) sums[row.kind] = Number(row.total);
  return sums;
}

/** The rows whose time falls in [since, until), oldest first. */
export async function entriesBetween(db: Db, since: string, until: string): Promise<LedgerEntryRow[]> {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('at', '>=', since)
    .where('at', '<', until)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/**
 * Received less refunded per UTC day of [since, until), in cents: the sales dashboard's revenue. `at` is
 * ISO-8601 text on both databases, so its first ten characters are the UTC day.
 */
export async function netPerDay(
  db: Db,
  since: string,
  until: string,
): Promise<{ day: string; net_cents: number }[]> {
  const day = sql<string>`substr(at, 1, 10)`;
  const rows = await db
    .selectFrom('ledger_entries')
    .select([
      day.as('day'),
      sql<
        number | string
      >`coalesce(sum(case kind when 'received' then amount_cents when 'refunded' then -amount_cents else 0 end), 0)`.as(
        'net_cents',
      ),
    ])
    .where('at', '>=', since)
    .where('at', '<', until)
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, net_cents: Number(row.net_cents) }));
}
