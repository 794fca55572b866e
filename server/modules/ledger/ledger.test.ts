/**
 * The ledger (issue 28): rows the database itself refuses to change or delete, the admin's calls for a
 * period (JSON and CSV), and the rows migration 0016 writes for orders made before it. Both databases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Dialect, openDatabase } from '../../db/database.js';
import { migrateToLatest, migrateUpTo } from '../../db/migrate.js';
import type { NewOrderRow } from '../../db/types.js';
import {
  adminHeaders,
  type AuthHeaders,
  createTestApp,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { createTestSchema } from '../../test/test-schemas.js';
import { recordEntry } from './service.js';

const entry = (at: string, kind: 'received' | 'refunded' | 'accepted_short', ref: string, cents: number) => ({
  at,
  kind,
  paymentRef: ref,
  buyerEmail: `=HYPERLINK("x")@example.com`,
  provider: 'nowpayments',
  amountCents: cents,
  reference: kind === 'refunded' ? 'tx 0xabc' : 'inv-1',
  actor: kind === 'refunded' ? 'admin 0123abcd @ 127.0.0.1' : null,
});

describe.each(TEST_DIALECTS)('the ledger on %s', (dialect) => {
  let t: TestApp;
  let admin: AuthHeaders;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await adminHeaders(t);
    const db = t.handle.db;
    await recordEntry(db, entry('2026-10-30T23:59:59.999Z', 'received', 'ord_a', 4000));
    await recordEntry(db, entry('2026-11-01T00:00:00.000Z', 'received', 'grp_b', 10_000));
    await recordEntry(db, entry('2026-11-01T12:00:00.000Z', 'accepted_short', 'grp_b', 99));
    await recordEntry(db, entry('2026-11-02T08:00:00.000Z', 'refunded', 'ord_a', 1250));
    await recordEntry(db, entry('2026-12-01T00:00:00.000Z', 'received', 'ord_c', 500));
  });
  afterAll(() => t.close());
  const get = (url: string, headers: object = admin) =>
    t.app.inject({ method: 'GET', url, headers: headers as Record<string, string> });
  const count = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('ledger_entries')
          .select(sql<number | string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses to change or delete a row, in the database itself', async () => {
    const before = await t.handle.db.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
    await expect(
      t.handle.db
        .updateTable('ledger_entries')
        .set({ amount_cents: 1 })
        .where('payment_ref', '=', 'ord_a')
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.handle.db.deleteFrom('ledger_entries').execute()).rejects.toThrow(/append-only/);
    if (dialect === 'postgres') {
      await expect(sql`truncate ledger_entries`.execute(t.handle.db)).rejects.toThrow(/append-only/);
    }
    expect(await t.handle.db.selectFrom('ledger_entries').selectAll().orderBy('id').execute()).toEqual(
      before,
    );
  });

  it('answers a period: its rows oldest first, totals, per day and per month', async () => {
    const response = await get('/api/admin/ledger?from=2026-10-30&to=2026-11-30');
    expect(response.statusCode, response.body).toBe(200);
    const ledger = response.json();
    expect(ledger.from).toBe('2026-10-30');
    expect(
      ledger.rows.map((row: { order: string; kind: string; amount: string }) => [
        row.order,
        row.kind,
        row.amount,
      ]),
    ).toEqual([
      ['ord_a', 'received', '40.00'],
      ['grp_b', 'received', '100.00'],
      ['grp_b', 'accepted_short', '0.99'],
      ['ord_a', 'refunded', '12.50'],
    ]);
    expect(ledger.rows[3]).toMatchObject({
      actor: 'admin 0123abcd @ 127.0.0.1',
      reference: 'tx 0xabc',
      currency: 'USD',
    });
    expect(ledger.totals).toEqual({ received: '140.00', refunded: '12.50', net: '127.50' });
    expect(ledger.days).toEqual([
      { date: '2026-10-30', received: '40.00', refunded: '0.00', net: '40.00' },
      { date: '2026-11-01', received: '100.00', refunded: '0.00', net: '100.00' },
      { date: '2026-11-02', received: '0.00', refunded: '12.50', net: '-12.50' },
    ]);
    expect(ledger.months).toEqual([
      { month: '2026-10', received: '40.00', refunded: '0.00', net: '40.00' },
      { month: '2026-11', received: '100.00', refunded: '12.50', net: '87.50' },
    ]);
    // Both days included, UTC: the last instant of a day is in it, the first of the next is not.
    const oneDay = (await get('/api/admin/ledger?from=2026-10-30&to=2026-10-30')).json();
    expect(oneDay.rows.map((row: { order: string }) => row.order)).toEqual(['ord_a']);
  });

  it('exports the same rows as CSV, formula cells escaped', async () => {
    const response = await get('/api/admin/ledger.csv?from=2026-11-02&to=2026-11-02');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ledger-2026-11-02-to-2026-11-02.csv"',
    );
    expect(response.body.trim().split('\n')).toEqual([
      'at,order,buyer_email,provider,kind,amount,currency,reference,actor',
      `2026-11-02T08:00:00.000Z,ord_a,"'=HYPERLINK(""x"")@example.com",nowpayments,refunded,12.50,USD,tx 0xabc,admin 0123abcd @ 127.0.0.1`,
    ]);
  });

  it('refuses dates that are not dates, a period backwards, and a caller who is not the admin, changing nothing', async () => {
    const rows = await count();
    for (const [query, sentence] of [
      ['from=2026-13-01', 'Invalid query parameter "from": must be a date that exists.'],
      ['to=yesterday', 'Invalid query parameter "to": must be a date as YYYY-MM-DD.'],
      ['from=2026-02-30', 'Invalid query parameter "from": must be a date that exists.'],
      ['from=2026-11-02&to=2026-11-01', 'Invalid query parameter "from": "from" must not be after "to".'],
    ] as const) {
      for (const url of [`/api/admin/ledger?${query}`, `/api/admin/ledger.csv?${query}`]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error, url).toBe(sentence);
      }
    }
    expect((await get('/api/admin/ledger', {})).statusCode).toBe(401);
    expect((await get('/api/admin/ledger.csv', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect(await count()).toBe(rows);
  });
});

async function freshDatabase(
  dialect: Dialect,
): Promise<{ handle: DatabaseHandle; schema?: string; drop(): void }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-0016-'));
    const handle = openDatabase({ sqliteFile: path.join(dir, 'shop.db') });
    return { handle, drop: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = await createTestSchema(url);
  // The schema goes with the run's others after the last file (test-schemas.ts).
  return {
    handle: openDatabase({ databaseUrl: url, sqliteFile: '', pgSchema: schema }),
    schema,
    drop: () => {},
  };
}

describe.each(TEST_DIALECTS)('migration 0016 (the ledger of earlier orders) on %s', (dialect) => {
  it('writes what arrived, an accepted shortfall and each refund of the orders made before it', async () => {
    const { handle, schema, drop } = await freshDatabase(dialect);
    try {
      const { db } = handle;
      await migrateUpTo(db, '0015_shipping_addresses', schema);
      const at = '2026-05-01T10:00:00.000Z';
      const order = (paymentId: string, status: string, cents: number, extra: Partial<NewOrderRow> = {}) => ({
        payment_id: paymentId,
        user_id: 'u',
        shop: 'ayz',
        product_id: 1,
        title: 't',
        condition: 'good',
        unit_price_cents: cents,
        quantity: 1,
        total_cents: cents,
        email: 'b@example.com',
        contact_name: 'B',
        phone: '1',
        address: 'A',
        city: 'C',
        state_prov: 'S',
        postal_code: '1',
        payment_status: status,
        provider: 'sandbox',
        provider_invoice_id: `inv-${paymentId}`,
        invoice_url: null,
        stock_reserved: 0,
        created_at: at,
        updated_at: at,
        ...extra,
      });
      // The migration reads and writes columns the typed schema has since gained: untyped here.
      const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await untyped
        .insertInto('users')
        .values({ id: 'u', name: 'B', email: 'b@example.com', picture: '', created_at: at, updated_at: at })
        .execute();
      await untyped
        .insertInto('orders')
        .values([
          order('ord_paid', 'finished', 2000),
          order('ord_short', 'finished', 2000, { invoice_paid_cents: 1950 }),
          order('ord_gone', 'expired', 3000, { group_id: 'grp_1', invoice_paid_cents: 1000 }),
          order('ord_gone2', 'expired', 1000, { group_id: 'grp_1', invoice_paid_cents: 1000 }),
          order('ord_unpaid', 'waiting', 500),
          order('ord_back', 'refunded', 4000),
        ])
        .execute();
      const back = await untyped
        .selectFrom('orders')
        .select('id')
        .where('payment_id', '=', 'ord_back')
        .executeTakeFirstOrThrow();
      await untyped
        .insertInto('refunds')
        .values({
          order_id: back.id,
          amount_cents: 4000,
          note: 'all',
          restocked: 0,
          created_at: '2026-05-02T00:00:00.000Z',
        })
        .execute();
      await migrateToLatest(db, schema);
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['payment_ref', 'kind', 'amount_cents', 'reference', 'at'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [row.payment_ref, row.kind, row.amount_cents])).toEqual([
        ['ord_paid', 'received', 2000],
        ['ord_short', 'received', 1950],
        ['ord_short', 'accepted_short', 50],
        ['grp_1', 'received', 1000],
        ['ord_back', 'received', 4000],
        ['ord_back', 'refunded', 4000],
      ]);
      expect(rows[0]).toMatchObject({ reference: 'inv-ord_paid', at });
      expect(rows[5]).toMatchObject({ reference: 'all', at: '2026-05-02T00:00:00.000Z' });
    } finally {
      await handle.close();
      drop();
    }
  });
});
