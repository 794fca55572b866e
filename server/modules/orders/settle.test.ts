/**
 * Issue 28: money that arrived is never lost from the record. An order that received any money is kept
 * (no delete by buyer or admin), the seller settles it by a refund or an accept, each movement is a
 * ledger row, and the sales dashboard's revenue equals the ledger's net. Real app, both databases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, type AuthHeaders, TEST_DIALECTS } from '../../test/harness.js';
import { paymentScenarios } from '../../test/payment-scenarios.js';
import { sweepUnpaidOrders } from './sweep.js';

const KEPT = 'This order has received a payment, so it is kept on record.';

describe.each(TEST_DIALECTS)('settling money received on %s', (dialect) => {
  // A part payment short by at most 5 % counts as paid (the shortfall an accepted_short row).
  const s = paymentScenarios(dialect, { env: { PAYMENT_UNDERPAID_TOLERANCE_PERCENT: '5' } });
  let admin: AuthHeaders;
  beforeAll(async () => {
    admin = await adminHeaders(s.app());
  });

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, headers: object, payload?: object) => {
    const response = await s.app().app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  /** Expires every unpaid or partly paid order, as the sweep does once the hold is long past. */
  const expireAll = () => sweepUnpaidOrders(s.db(), new Date(Date.now() + 3 * 3_600_000), 60);
  const ledgerOf = async (ref: string) =>
    s
      .db()
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_cents', 'actor', 'reference', 'buyer_email'])
      .where('payment_ref', '=', ref)
      .orderBy('id')
      .execute();
  const attention = async () =>
    (await call('GET', '/api/admin-purchases?filter=attention&pageSize=100', admin)).body as {
      payment_id: string;
      group_id: string | null;
    }[];
  const inAttention = async (ref: string) =>
    (await attention()).some((order) => order.payment_id === ref || order.group_id === ref);

  /** A group of 3 lines (60.00) with 25.00 paid on the sandbox page, then expired. */
  async function expiredPartlyPaid() {
    const bought = await s.buy('sandbox', 3);
    await s.sandboxPay(bought.ref, bought.headers, '25.00');
    expect(await expireAll()).toBeGreaterThanOrEqual(1);
    expect(await s.order(bought.ref)).toMatchObject({ payment_status: 'expired', invoice_paid_cents: 2500 });
    return bought;
  }

  it('keeps an order that received money: neither the buyer nor the admin can delete it, and the buyer sees what arrived', async () => {
    const { ref, headers, sub } = await expiredPartlyPaid();
    for (const caller of [headers, admin]) {
      expect(await call('DELETE', `/api/purchase/${ref}`, caller)).toEqual({
        status: 409,
        body: { error: KEPT },
      });
    }
    expect(await s.order(ref)).toMatchObject({ payment_status: 'expired' });
    const mine = (await call('GET', `/api/my-purchases/${sub}`, headers)).body as {
      payment_status: string;
      amount_paid: string;
      invoice_total: string;
    }[];
    expect(mine).toHaveLength(3);
    for (const line of mine) {
      expect(line).toMatchObject({ payment_status: 'expired', amount_paid: '25.00', invoice_total: '60.00' });
    }
    expect(await ledgerOf(ref)).toEqual([
      {
        kind: 'received',
        amount_cents: 2500,
        actor: null,
        reference: expect.any(String),
        buyer_email: expect.any(String),
      },
    ]);
    expect(await inAttention(ref)).toBe(true);

    // An order that received nothing is deleted as before.
    const unpaid = await s.buy('sandbox');
    expect((await call('DELETE', `/api/purchase/${unpaid.ref}`, unpaid.headers)).status).toBe(200);
  });

  it('settles an expired partly paid order by a refund of what arrived: refunded, its ledger row by the admin, out of Needs attention', async () => {
    const { ref } = await expiredPartlyPaid();
    const url = `/api/admin-purchases/${ref}/refund`;
    const over = await call('POST', url, admin, { amount: '25.01', note: 'x', restock: false });
    expect(over.status).toBe(400);
    expect(over.body.error).toContain('only $25.00 of this payment is left to refund');
    expect(await ledgerOf(ref)).toHaveLength(1);

    expect((await call('POST', url, admin, { amount: '10.00', note: 'tx 1', restock: false })).status).toBe(
      200,
    );
    expect(await inAttention(ref)).toBe(true);
    expect((await call('POST', url, admin, { amount: '15.00', note: 'tx 2', restock: false })).status).toBe(
      200,
    );
    expect(await s.order(ref)).toMatchObject({ payment_status: 'refunded', settled_at: expect.any(String) });
    const rows = await ledgerOf(ref);
    expect(rows.map((row) => [row.kind, row.amount_cents, row.reference])).toEqual([
      ['received', 2500, expect.any(String)],
      ['refunded', 1000, 'tx 1'],
      ['refunded', 1500, 'tx 2'],
    ]);
    expect(rows[1]!.actor).toMatch(/^admin [0-9a-f]{8} @ /);
    expect(await inAttention(ref)).toBe(false);
    expect((await call('POST', url, admin, { amount: '1.00', note: '', restock: false })).status).toBe(409);
    expect((await call('POST', `/api/admin-purchases/${ref}/accept`, admin)).status).toBe(409);
  });

  it('settles one by accepting it: finished, the units held again, the shortfall in the ledger, the buyer e-mailed', async () => {
    const { ref, productIds } = await expiredPartlyPaid();
    const before = await Promise.all(productIds.map((id) => s.units(id)));
    const accepted = await call('POST', `/api/admin-purchases/${ref}/accept`, admin);
    expect(accepted).toEqual({ status: 200, body: { ok: true } });
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'finished',
      stock_reserved: 1,
      settled_at: expect.any(String),
    });
    expect(await Promise.all(productIds.map((id) => s.units(id)))).toEqual(before.map((units) => units - 1));
    const rows = await ledgerOf(ref);
    expect(rows.map((row) => [row.kind, row.amount_cents])).toEqual([
      ['received', 2500],
      ['accepted_short', 3500],
    ]);
    expect(rows[1]!.actor).toMatch(/^admin /);
    const mails = await s.mails(ref);
    expect(mails.map((mail) => mail.dedupe_key)).toContain(`order_paid:${ref}:accepted`);
    expect(await inAttention(ref)).toBe(false);
    const activity = await s
      .db()
      .selectFrom('activity_log')
      .selectAll()
      .where('target', '=', `order ${ref}`)
      .execute();
    expect(activity).toMatchObject([{ action: 'order.accept', actor: expect.stringMatching(/^admin /) }]);
    // Settled: a second accept changes nothing.
    expect((await call('POST', `/api/admin-purchases/${ref}/accept`, admin)).status).toBe(409);
    expect(await ledgerOf(ref)).toHaveLength(2);
  });

  it('refuses an accept whose units are gone, naming the line, and changes nothing', async () => {
    const { ref, productIds } = await expiredPartlyPaid();
    await s
      .db()
      .updateTable('product_conditions')
      .set({ available_quantity: 0 })
      .where('product_id', '=', productIds[1]!)
      .execute();
    const refused = await call('POST', `/api/admin-purchases/${ref}/accept`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^"Lens \d+" \(Acceptable\) × 1 is no longer in stock/);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'expired', settled_at: null });
    expect(await s.units(productIds[0]!)).toBe(3);
    expect(await ledgerOf(ref)).toHaveLength(1);
  });

  it('refuses an accept with nothing received, of a paid order, of an unknown order, or without the admin', async () => {
    const unpaid = await s.buy('sandbox');
    const nothing = await call('POST', `/api/admin-purchases/${unpaid.ref}/accept`, admin);
    expect(nothing).toEqual({
      status: 409,
      body: { error: 'Nothing has been received for this order, so there is nothing to accept.' },
    });
    expect(await s.order(unpaid.ref)).toMatchObject({ payment_status: 'waiting', settled_at: null });
    const paid = await s.buy('sandbox');
    await s.sandboxPay(paid.ref, paid.headers);
    expect((await call('POST', `/api/admin-purchases/${paid.ref}/accept`, admin)).body.error).toBe(
      'This order is paid in full: there is nothing to accept.',
    );
    expect((await call('POST', '/api/admin-purchases/ord_nope/accept', admin)).status).toBe(404);
    expect((await call('POST', `/api/admin-purchases/${paid.ref}/accept`, {})).status).toBe(401);
    expect((await call('POST', `/api/admin-purchases/${paid.ref}/accept`, paid.headers)).status).toBe(401);
    expect((await call('POST', '/api/admin-purchases/bad%20ref/accept', admin)).status).toBe(400);
  });

  it('lets one of two accepts at once win, and a refund racing an accept never records money twice', async () => {
    const first = await expiredPartlyPaid();
    const accepts = await Promise.all([
      call('POST', `/api/admin-purchases/${first.ref}/accept`, admin),
      call('POST', `/api/admin-purchases/${first.ref}/accept`, admin),
    ]);
    expect(accepts.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await ledgerOf(first.ref)).filter((row) => row.kind === 'accepted_short')).toHaveLength(1);
    expect(await Promise.all(first.productIds.map((id) => s.units(id)))).toEqual([2, 2, 2]);

    const second = await expiredPartlyPaid();
    const [refund, accept] = await Promise.all([
      call('POST', `/api/admin-purchases/${second.ref}/refund`, admin, {
        amount: '25.00',
        note: '',
        restock: false,
      }),
      call('POST', `/api/admin-purchases/${second.ref}/accept`, admin),
    ]);
    const order = await s.order(second.ref);
    const rows = await ledgerOf(second.ref);
    const units = await Promise.all(second.productIds.map((id) => s.units(id)));
    if (accept.status === 200) {
      // The accept came first: the refund then refunded a paid order, its units still held.
      expect(refund.status).toBe(200);
      expect(order.payment_status).toBe('refunded');
      expect(rows.map((row) => row.kind)).toEqual(['received', 'accepted_short', 'refunded']);
    } else {
      expect(accept.status).toBe(409);
      expect(order.payment_status).toBe('refunded');
      expect(rows.map((row) => row.kind)).toEqual(['received', 'refunded']);
      expect(units).toEqual([3, 3, 3]);
    }
  });

  it("makes the sales dashboard's revenue equal to the ledger's net after payments, part payments, tolerance, overpayment and refunds", async () => {
    const paid = await s.buy('sandbox');
    await s.sandboxPay(paid.ref, paid.headers);
    // The sandbox page cannot pay more than is asked; NOWPayments can.
    const overpaid = await s.buy('nowpayments');
    expect((await s.ipn(overpaid.ref, 'finished', 23)).statusCode).toBe(200);
    expect(await inAttention(overpaid.ref)).toBe(true);
    const tolerated = await s.buy('sandbox');
    await s.sandboxPay(tolerated.ref, tolerated.headers, '19.50');
    expect(await s.order(tolerated.ref)).toMatchObject({ payment_status: 'finished' });
    expect((await ledgerOf(tolerated.ref)).map((row) => [row.kind, row.amount_cents])).toEqual([
      ['received', 1950],
      ['accepted_short', 50],
    ]);
    const part = await s.buy('sandbox', 2);
    await s.sandboxPay(part.ref, part.headers, '5.00');
    await expireAll();
    const refunded = await s.buy('sandbox');
    await s.sandboxPay(refunded.ref, refunded.headers);
    await call('POST', `/api/admin-purchases/${refunded.ref}/refund`, admin, {
      amount: '7.50',
      note: 'part',
      restock: false,
    });
    await call('POST', `/api/admin-purchases/${overpaid.ref}/refund`, admin, {
      amount: '3.00',
      note: '',
      restock: false,
    });
    expect(await inAttention(overpaid.ref)).toBe(false);

    const ledger = (await call('GET', '/api/admin/ledger', admin)).body;
    const sales = (await call('GET', '/api/admin/sales?days=30', admin)).body;
    expect(Number(ledger.totals.net)).toBeCloseTo(Number(sales.totals.revenue), 2);
    const received = ledger.rows
      .filter((row: { kind: string }) => row.kind === 'received')
      .reduce((sum: number, row: { amount: string }) => sum + Number(row.amount), 0);
    const refundedSum = ledger.rows
      .filter((row: { kind: string }) => row.kind === 'refunded')
      .reduce((sum: number, row: { amount: string }) => sum + Number(row.amount), 0);
    expect(Number(ledger.totals.received)).toBeCloseTo(received, 2);
    expect(Number(ledger.totals.net)).toBeCloseTo(received - refundedSum, 2);
    const today = new Date().toISOString().slice(0, 10);
    const todayNet = ledger.days.find((day: { date: string }) => day.date === today)?.net;
    const salesToday = sales.days.find((day: { date: string }) => day.date === today)?.revenue;
    expect(Number(todayNet)).toBeCloseTo(Number(salesToday), 2);
  });
});
