import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewOrderRow } from '../../db/types.js';
import { addProduct, conditions } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { dayRange, salesDashboard } from './service.js';

let orderNumber = 0;
function order(createdAt: string, status: string, totalCents: number, shipped = 0): NewOrderRow {
  orderNumber += 1;
  return {
    payment_id: `p-${orderNumber}`,
    user_id: 'buyer',
    shop: 'ayz',
    product_id: 1,
    title: `Order ${orderNumber}`,
    condition: 'good',
    unit_price_cents: totalCents,
    quantity: 1,
    total_cents: totalCents,
    email: 'b@example.com',
    contact_name: 'B',
    phone: '1',
    address: 'A',
    city: 'C',
    state_prov: 'S',
    postal_code: '1',
    payment_status: status,
    provider: 'sandbox',
    provider_invoice_id: null,
    invoice_url: null,
    shipped,
    stock_reserved: 0,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

describe.each(TEST_DIALECTS)('sales dashboard on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const now = new Date('2026-11-20T15:00:00.000Z');

  beforeAll(async () => {
    orderNumber = 0;
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
    const db = t.handle.db;
    await db
      .insertInto('users')
      .values({
        id: 'buyer',
        name: 'B',
        email: 'b@example.com',
        picture: '',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await addProduct(
      db,
      'ayz',
      1,
      { title: 'Seen a lot', view_count: 50 },
      conditions([1000, 1], [2000, 2], [3000, 9], [0, 1]),
    );
    await addProduct(
      db,
      'ayz',
      2,
      { title: 'Seen less', view_count: 5 },
      conditions([1000, 0], [0, 0], [0, 0], [0, 0]),
    );
    await db
      .insertInto('orders')
      .values([
        order('2026-11-20T01:00:00.000Z', 'finished', 1500),
        order('2026-11-20T23:59:59.999Z', 'waiting', 700),
        order('2026-11-18T10:00:00.000Z', 'finished', 2500, 1),
        order('2026-11-18T11:00:00.000Z', 'finished', 100),
        order('2026-11-14T00:00:00.000Z', 'expired', 900),
        order('2026-11-13T23:59:59.999Z', 'finished', 99_999),
      ])
      .execute();
    // Revenue is the ledger's (issue 28): what arrived less what was refunded, on the day it moved.
    const entry = (
      at: string,
      kind: 'received' | 'refunded' | 'accepted_short',
      ref: string,
      cents: number,
    ) => ({
      at,
      kind,
      payment_ref: ref,
      buyer_email: 'b@example.com',
      provider: 'sandbox',
      amount_cents: cents,
      currency: 'USD',
      reference: '',
      actor: null,
    });
    await db
      .insertInto('ledger_entries')
      .values([
        entry('2026-11-20T01:00:00.000Z', 'received', 'p-1', 1500),
        entry('2026-11-18T10:00:00.000Z', 'received', 'p-3', 2500),
        entry('2026-11-18T11:00:00.000Z', 'received', 'p-4', 100),
        entry('2026-11-19T09:00:00.000Z', 'refunded', 'p-3', 300),
        // Not money: a waived shortfall is no revenue.
        entry('2026-11-19T09:00:00.000Z', 'accepted_short', 'p-4', 50),
        entry('2026-11-13T23:59:59.999Z', 'received', 'p-6', 99_999),
      ])
      .execute();
  });
  afterAll(() => t.close());

  it("counts orders per UTC day and the ledger's net as revenue, zeros included, and lists what needs doing", async () => {
    const sales = await salesDashboard(t.handle.db, 7, now);
    expect(sales.days.map((d) => d.date)).toEqual(dayRange(7, now));
    expect(sales.days).toEqual([
      { date: '2026-11-14', orders: 1, revenue: '0' },
      { date: '2026-11-15', orders: 0, revenue: '0' },
      { date: '2026-11-16', orders: 0, revenue: '0' },
      { date: '2026-11-17', orders: 0, revenue: '0' },
      { date: '2026-11-18', orders: 2, revenue: '26.00' },
      { date: '2026-11-19', orders: 0, revenue: '-3.00' },
      { date: '2026-11-20', orders: 2, revenue: '15.00' },
    ]);
    expect(sales.totals).toEqual({ orders: 5, revenue: '38.00' });
    expect(sales.byStatus).toEqual([
      { status: 'expired', orders: 1 },
      { status: 'finished', orders: 3 },
      { status: 'waiting', orders: 1 },
    ]);
    expect(sales.unshipped.map((o) => [o.title, o.total])).toEqual([
      ['Order 6', '999.99'],
      ['Order 4', '1.00'],
      ['Order 1', '15.00'],
    ]);
    expect(sales.lowStock).toEqual([
      { id: 1, title: 'Seen a lot', condition: 'acceptable', quantity: 1 },
      { id: 1, title: 'Seen a lot', condition: 'good', quantity: 2 },
    ]);
    expect(sales.mostViewed).toEqual([
      { id: 1, title: 'Seen a lot', views: 50 },
      { id: 2, title: 'Seen less', views: 5 },
    ]);
  });

  it('answers over HTTP for the admin only, and refuses a bad range', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/admin/sales?days=90', headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().days).toHaveLength(90);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/sales?days=0', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid query parameter "days": must be 1 or more.');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/sales' })).statusCode).toBe(401);
  });
});
