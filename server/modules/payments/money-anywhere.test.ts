/**
 * Issue 33: money that arrives anywhere is recorded. A payment for an order deleted meanwhile restores it,
 * one for a failed order brings it back, and one that does not fit its order (another invoice, a price
 * far from the total, one line of a group named alone) is recorded and flagged, never applied; each is
 * answered 2xx so the provider stops resending. A deleted BTCPay order's invoice is marked invalid, and
 * a delete racing a payment answers 409, never 404. Real app with the providers' stand-ins, both databases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, type AuthHeaders, TEST_DIALECTS } from '../../test/harness.js';
import { paymentScenarios } from '../../test/payment-scenarios.js';
import { DELETED_ORDER_KEEP_DAYS, sweepUnpaidOrders } from '../orders/sweep.js';

describe.each(TEST_DIALECTS)('money that arrives anywhere on %s', (dialect) => {
  const s = paymentScenarios(dialect);
  let admin: AuthHeaders;
  beforeAll(async () => {
    admin = await adminHeaders(s.app());
  });

  const del = (ref: string, headers: AuthHeaders) =>
    s.app().app.inject({ method: 'DELETE', url: `/api/purchase/${ref}`, headers });
  const ledger = (ref: string) =>
    s
      .db()
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_cents'])
      .where('payment_ref', '=', ref)
      .orderBy('id')
      .execute();
  const lines = (ref: string) =>
    s
      .db()
      .selectFrom('orders')
      .selectAll()
      .where((eb) => eb.or([eb('payment_id', '=', ref), eb('group_id', '=', ref)]))
      .orderBy('id')
      .execute();
  const attention = async () =>
    (
      await s.app().app.inject({ url: '/api/admin-purchases?filter=attention&pageSize=100', headers: admin })
    ).json() as { payment_id: string; group_id: string | null; attention_reason: string | null }[];

  it('restores an order deleted before its invoice was paid, revived paid late, its money in the ledger', async () => {
    const { ref, headers, productIds } = await s.buy('nowpayments');
    expect((await del(ref, headers)).statusCode).toBe(200);
    expect(await lines(ref)).toEqual([]);
    expect(await s.units(productIds[0]!)).toBe(3);

    const paid = await s.ipn(ref, 'finished', 20);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'finished', paid_late: 1, stock_reserved: 1 });
    expect(await s.units(productIds[0]!)).toBe(2);
    expect(await ledger(ref)).toEqual([{ kind: 'received', amount_cents: 2000 }]);
    expect((await s.mails(ref)).map((mail) => mail.dedupe_key)).toContain(`order_attention:paid_late:${ref}`);
    // A replay restores and records nothing more.
    expect((await s.ipn(ref, 'finished', 20)).statusCode).toBe(200);
    expect(await lines(ref)).toHaveLength(1);
    expect(await ledger(ref)).toHaveLength(1);
    expect(await s.units(productIds[0]!)).toBe(2);
  });

  it('restores a deleted group when part of its money arrives, and flags it for the seller', async () => {
    const { ref, headers } = await s.buy('nowpayments', 2);
    expect((await del(ref, headers)).statusCode).toBe(200);
    expect((await s.ipn(ref, 'partially_paid', 15, 40)).statusCode).toBe(200);
    expect((await lines(ref)).map((line) => line.payment_status)).toEqual([
      'partially_paid',
      'partially_paid',
    ]);
    expect(await ledger(ref)).toEqual([{ kind: 'received', amount_cents: 1500 }]);
    expect((await attention()).some((order) => order.group_id === ref)).toBe(true);
  });

  it("forgets a deleted order's record after DELETED_ORDER_KEEP_DAYS, at the unpaid-order sweep", async () => {
    const old = await s.buy('nowpayments');
    const recent = await s.buy('nowpayments');
    expect((await del(old.ref, old.headers)).statusCode).toBe(200);
    expect((await del(recent.ref, recent.headers)).statusCode).toBe(200);
    const longAgo = new Date(Date.now() - (DELETED_ORDER_KEEP_DAYS + 1) * 86_400_000).toISOString();
    await s
      .db()
      .updateTable('deleted_orders')
      .set({ deleted_at: longAgo })
      .where('payment_ref', '=', old.ref)
      .execute();
    await sweepUnpaidOrders(s.db(), new Date(), 60);
    const kept = await s.db().selectFrom('deleted_orders').select('payment_ref').execute();
    expect(kept.map((row) => row.payment_ref)).toContain(recent.ref);
    expect(kept.map((row) => row.payment_ref)).not.toContain(old.ref);
    // Money for the forgotten one is no order of ours any more: 404, nothing recorded.
    expect((await s.ipn(old.ref, 'finished', 20)).statusCode).toBe(404);
    expect((await s.ipn(recent.ref, 'finished', 20)).statusCode).toBe(200);
  });

  it('answers 404 for a callback naming no order, deleted or not, and records nothing', async () => {
    const response = await s.ipn('ord_neverMade', 'finished', 20);
    expect(response.statusCode).toBe(404);
    expect(await ledger('ord_neverMade')).toEqual([]);
  });

  it("marks a deleted BTCPay order's invoice invalid, and still restores the order if money arrives", async () => {
    const { ref, headers } = await s.buy('btcpay');
    const invoice = [...s.btcpay().invoices.values()].find((one) => one.metadata.orderId === ref)!;
    expect((await del(ref, headers)).statusCode).toBe(200);
    expect(invoice.status).toBe('Invalid');
    const settled = await s.webhook(ref, 'InvoiceSettled', 'Settled', 'None', '20.00');
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'finished', paid_late: 1 });
    expect(await ledger(ref)).toEqual([{ kind: 'received', amount_cents: 2000 }]);
  });

  it('brings back a failed BTCPay order that is settled after all', async () => {
    const { ref, productIds } = await s.buy('btcpay');
    expect((await s.webhook(ref, 'InvoiceInvalid', 'Invalid', 'None', '0')).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'failed', stock_reserved: 0 });
    const settled = await s.webhook(ref, 'InvoiceSettled', 'Settled', 'None', '20.00');
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'finished',
      paid_late: 1,
      invoice_paid_cents: 2000,
      stock_reserved: 1,
    });
    expect(await s.units(productIds[0]!)).toBe(2);
    expect(await ledger(ref)).toEqual([{ kind: 'received', amount_cents: 2000 }]);
  });

  it('records money a NOWPayments IPN reports for another invoice or a price far from the total, flagged and not applied', async () => {
    const other = await s.buy('nowpayments');
    // Each order's own invoice: this one's is 456, the IPN names the stand-in's 123.
    await s
      .db()
      .updateTable('orders')
      .set({ provider_invoice_id: '456' })
      .where('payment_id', '=', other.ref)
      .execute();
    const crossed = await s.ipn(other.ref, 'finished', 1, 1);
    expect(crossed.statusCode, crossed.body).toBe(200);
    expect(await s.order(other.ref)).toMatchObject({
      payment_status: 'waiting',
      invoice_paid_cents: 100,
      attention_reason: `Invoice 123 is not the one made for order ${other.ref}.`,
    });
    expect(await ledger(other.ref)).toEqual([{ kind: 'received', amount_cents: 100 }]);
    expect((await s.mails(other.ref)).map((mail) => mail.dedupe_key)).toContain(
      `order_attention:money_exception:${other.ref}:100`,
    );
    const flagged = (await attention()).find((order) => order.payment_id === other.ref);
    expect(flagged?.attention_reason).toContain('Invoice 123');

    const cheap = await s.buy('nowpayments');
    expect((await s.ipn(cheap.ref, 'finished', 1, 1)).statusCode).toBe(200);
    expect(await s.order(cheap.ref)).toMatchObject({ payment_status: 'waiting', invoice_paid_cents: 100 });
    expect((await s.order(cheap.ref)).attention_reason).toMatch(/asks 1\.00 usd, not the order's 20 USD/);

    // Without money, a mismatch still changes nothing and says why.
    const none = await s.buy('nowpayments');
    const refused = await s.ipn(none.ref, 'waiting', 0, 1);
    expect(refused.statusCode).toBe(409);
    expect(await s.order(none.ref)).toMatchObject({ attention_reason: null, invoice_paid_cents: null });
  });

  it('never lets an IPN naming one line of a group settle the group', async () => {
    const { ref } = await s.buy('nowpayments', 2);
    const [line] = await lines(ref);
    const response = await s.ipn(line!.payment_id, 'finished', 40, 40);
    expect(response.statusCode, response.body).toBe(200);
    expect((await lines(ref)).map((one) => one.payment_status)).toEqual(['waiting', 'waiting']);
    expect((await s.order(ref)).attention_reason).toContain(`one line of ${ref}`);
    expect(await ledger(ref)).toEqual([{ kind: 'received', amount_cents: 4000 }]);
    // The seller accepts it as paid: the group is finished and settled.
    const accepted = await s.app().app.inject({
      method: 'POST',
      url: `/api/admin-purchases/${ref}/accept`,
      headers: admin,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await lines(ref)).map((one) => one.payment_status)).toEqual(['finished', 'finished']);
    expect((await attention()).some((order) => order.group_id === ref)).toBe(false);
  });

  it("answers a delete of a paid group by its group's reference with 409 and the sentence, never 404", async () => {
    const { ref, headers } = await s.buy('sandbox', 2);
    await s.sandboxPay(ref, headers);
    for (const caller of [headers, admin]) {
      const refused = await del(ref, caller);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('A paid order cannot be deleted.');
    }
  });

  it('answers a delete racing a payment with 409, never 404, for the buyer and the admin', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { ref, headers } = await s.buy('sandbox', 2);
      const [, deleted] = await Promise.all([
        s.app().app.inject({ method: 'POST', url: `/api/payments/sandbox/${ref}/pay`, headers }),
        del(ref, round % 2 === 0 ? headers : admin),
      ]);
      const rows = await lines(ref);
      if (deleted.statusCode === 200) {
        expect(rows).toEqual([]);
      } else {
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(deleted.json().error).toBe('A paid order cannot be deleted.');
        expect(rows.map((row) => row.payment_status)).toEqual(['finished', 'finished']);
      }
    }
  });
});
