/**
 * Payments that go wrong (issue 18), through the real callbacks and the sandbox page: what arrived is
 * recorded, part payments, the tolerance, overpaid and late payments flagged, a partly paid invoice that
 * expires, and the e-mails each queues (exactly once under replays).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addProduct, conditions, SHIPPING } from '../../test/fixtures.js';
import { adminHeaders, type AuthHeaders, buyerHeaders, TEST_DIALECTS } from '../../test/harness.js';
import { paymentScenarios } from '../../test/payment-scenarios.js';
import { sweepUnpaidOrders } from '../orders/index.js';

const HOUR = 60 * 60_000;

describe.each(TEST_DIALECTS)('payments that go wrong on %s', (dialect) => {
  const s = paymentScenarios(dialect);
  let admin: AuthHeaders;
  beforeAll(async () => {
    admin = await adminHeaders(s.app());
  });
  const attention = async () =>
    (
      await s.app().app.inject({ url: '/api/admin-purchases?filter=attention&pageSize=100', headers: admin })
    ).json() as {
      payment_id: string;
      group_id: string | null;
      amount_paid: string | null;
      invoice_total: string;
      paid_late: boolean;
    }[];

  it('records a NOWPayments part payment: partially_paid with the amount, one e-mail each per amount under replays', async () => {
    const { ref, sub, headers } = await s.buy('nowpayments');
    expect((await s.ipn(ref, 'partially_paid', 12.5)).statusCode).toBe(200);
    expect((await s.ipn(ref, 'partially_paid', 12.5)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'partially_paid',
      invoice_paid_cents: 1250,
      stock_reserved: 1,
    });
    const mine = (await s.app().app.inject({ url: `/api/my-purchases/${sub}`, headers })).json();
    expect(mine[0]).toMatchObject({
      amount_paid: '12.50',
      invoice_total: '20.00',
      invoice_url: expect.any(String),
    });
    expect(Date.parse(mine[0].pay_until)).toBeGreaterThan(Date.now() + HOUR - 60_000);
    let rows = await s.mails(ref);
    expect(rows.map((row) => [row.kind, row.audience])).toEqual([
      ['order_partly_paid', 'buyer'],
      ['order_attention', 'seller'],
    ]);
    const content = JSON.parse(rows[0]!.content);
    expect(content.details).toEqual(
      expect.arrayContaining([
        ['Paid', '$12.50 of $20.00'],
        ['Left to pay', '$7.50'],
      ]),
    );
    expect(content.action).toEqual({
      label: 'Pay the rest',
      href: 'https://nowpayments.example/payment/?iid=123',
    });
    expect((await attention()).map((order) => order.payment_id)).toContain(ref);
    // A top-up that still falls short tells again; the whole then arrives and the order is paid.
    expect((await s.ipn(ref, 'partially_paid', 15)).statusCode).toBe(200);
    expect((await s.ipn(ref, 'finished', 20)).statusCode).toBe(200);
    expect((await s.ipn(ref, 'finished', 20)).statusCode).toBe(200);
    rows = await s.mails(ref);
    expect(rows.map((row) => row.kind)).toEqual([
      'order_partly_paid',
      'order_attention',
      'order_partly_paid',
      'order_attention',
      'order_paid',
      'order_new',
    ]);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'finished', invoice_paid_cents: 2000 });
  });

  it('never lowers what arrived: a stale or redelivered part payment after a larger one changes nothing', async () => {
    const { ref } = await s.buy('nowpayments');
    expect((await s.ipn(ref, 'partially_paid', 16)).statusCode).toBe(200);
    const before = (await s.mails(ref)).length;
    // Delivered out of order: the $10 report was sent before the $16 one.
    expect((await s.ipn(ref, 'partially_paid', 10)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'partially_paid', invoice_paid_cents: 1600 });
    expect(await s.mails(ref)).toHaveLength(before);
    // A part payment report redelivered after the whole was paid: the order stays paid in full.
    expect((await s.ipn(ref, 'finished', 20)).statusCode).toBe(200);
    const paid = (await s.mails(ref)).length;
    expect((await s.ipn(ref, 'partially_paid', 16)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'finished', invoice_paid_cents: 2000 });
    expect(await s.mails(ref)).toHaveLength(paid);
    const seller = (await s.mails(ref)).find((row) => row.kind === 'order_new')!;
    expect(JSON.stringify(JSON.parse(seller.content).details)).not.toContain('Accepted short');
  });

  it("applies the provider's own refund after the seller's part refund: the rest refunded, the buyer told the rest", async () => {
    const { ref, productIds } = await s.buy('nowpayments');
    expect((await s.ipn(ref, 'finished', 20)).statusCode).toBe(200);
    const part = await s.app().app.inject({
      method: 'POST',
      url: `/api/admin-purchases/${ref}/refund`,
      headers: admin,
      payload: { amount: '5.00', note: 'scratch', restock: false },
    });
    expect(part.statusCode, part.body).toBe(200);
    expect((await s.ipn(ref, 'refunded', 20)).statusCode).toBe(200);
    expect((await s.ipn(ref, 'refunded', 20)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'refunded',
      refunded_cents: 2000,
      stock_reserved: 0,
    });
    expect(await s.units(productIds[0]!)).toBe(3);
    const provider = (await s.mails(ref)).filter(
      (row) => row.dedupe_key === `order_refunded:provider:${ref}`,
    );
    expect(provider).toHaveLength(1);
    expect(JSON.parse(provider[0]!.content).details).toEqual(
      expect.arrayContaining([
        ['Refunded', '$15.00'],
        ['Refund', 'The whole payment'],
      ]),
    );
    const list = (
      await s.app().app.inject({ url: '/api/admin-purchases?pageSize=100', headers: admin })
    ).json() as { payment_id: string; refunded_amount: string; refunds: { amount: string }[] }[];
    expect(list.find((order) => order.payment_id === ref)).toMatchObject({
      refunded_amount: '20.00',
      refunds: [{ amount: '5.00' }, { amount: '15.00' }],
    });
  });

  it('records an absurd reported amount as the most an order holds, and still applies the status', async () => {
    const { ref } = await s.buy('nowpayments');
    const response = await s.ipn(ref, 'finished', 1e12);
    expect(response.statusCode, response.body).toBe(200);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'finished',
      invoice_paid_cents: 2_147_483_647,
    });
  });

  it('flags an overpaid order for the seller with the amounts, once', async () => {
    const { ref } = await s.buy('nowpayments');
    expect((await s.ipn(ref, 'finished', 25)).statusCode).toBe(200);
    expect((await s.ipn(ref, 'finished', 25)).statusCode).toBe(200);
    const flagged = (await attention()).find((order) => order.payment_id === ref);
    expect(flagged).toMatchObject({ amount_paid: '25.00', invoice_total: '20.00' });
    const over = (await s.mails(ref)).filter((row) => row.dedupe_key.startsWith('order_attention:overpaid'));
    expect(over).toHaveLength(1);
    expect(JSON.parse(over[0]!.content).details).toEqual(
      expect.arrayContaining([
        ['Arrived', '$25.00'],
        ['Overpaid by', '$5.00'],
      ]),
    );
  });

  it('flags money arriving after the hold expired as paid late, and tells the seller', async () => {
    const { ref, productIds } = await s.buy('nowpayments');
    expect(await sweepUnpaidOrders(s.db(), new Date(Date.now() + 2 * HOUR), 60)).toBeGreaterThanOrEqual(1);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'expired', stock_reserved: 0 });
    expect((await s.ipn(ref, 'finished', 20)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'finished',
      paid_late: 1,
      stock_reserved: 1,
      needs_attention: 0,
    });
    expect(await s.units(productIds[0]!)).toBe(2);
    expect((await attention()).find((order) => order.payment_id === ref)).toMatchObject({ paid_late: true });
    expect((await s.mails(ref)).map((row) => row.dedupe_key)).toEqual([
      expect.stringMatching(`^payment_expired:${ref}:`),
      `order_attention:paid_late:${ref}`,
      `order_paid:${ref}`,
      `order_new:${ref}`,
    ]);
  });

  it('flags an order paid after its units were sold as needing attention, until a whole refund settles it', async () => {
    const { ref, productIds } = await s.buy('nowpayments');
    expect(await sweepUnpaidOrders(s.db(), new Date(Date.now() + 2 * HOUR), 60)).toBeGreaterThanOrEqual(1);
    // Meanwhile another buyer takes every unit.
    const rival = await buyerHeaders(s.app(), { sub: 'rival-buyer', email: 'rival@example.com' });
    const taken = await s.app().app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: rival,
      payload: {
        google_id: 'rival-buyer',
        store: 'ayz',
        product_id: productIds[0],
        condition: 'acceptable',
        quantity: 3,
        ...SHIPPING,
      },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await s.ipn(ref, 'finished', 20)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'finished',
      needs_attention: 1,
      stock_reserved: 0,
    });
    expect((await attention()).map((order) => order.payment_id)).toContain(ref);
    // The buyer is not promised a parcel: the seller will be in touch.
    const paid = (await s.mails(ref)).find((row) => row.kind === 'order_paid')!;
    const content = JSON.parse(paid.content);
    expect(content.subject).toBe('We received your payment');
    expect(content.paragraphs.join(' ')).toMatch(/sold to someone else\. The seller will be in touch/);
    expect(content.paragraphs.join(' ')).not.toMatch(/will ship/);
    const seller = (await s.mails(ref)).find((row) => row.kind === 'order_new')!;
    expect(JSON.parse(seller.content).paragraphs.join(' ')).toMatch(/restock or refund it/);
    const refunded = await s.app().app.inject({
      method: 'POST',
      url: `/api/admin-purchases/${ref}/refund`,
      headers: admin,
      payload: { amount: '20.00', note: 'units were sold', restock: false },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'refunded', needs_attention: 0 });
  });

  it('expires a partly paid invoice gone quiet: units back, amount kept, the buyer and the seller told', async () => {
    const { ref, productIds } = await s.buy('nowpayments');
    expect((await s.ipn(ref, 'partially_paid', 8)).statusCode).toBe(200);
    // Within the hold since the provider last spoke: kept.
    expect(await sweepUnpaidOrders(s.db(), new Date(Date.now() + 30 * 60_000), 60)).toBe(0);
    expect(await sweepUnpaidOrders(s.db(), new Date(Date.now() + 2 * HOUR), 60)).toBeGreaterThanOrEqual(1);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'expired',
      invoice_paid_cents: 800,
      stock_reserved: 0,
    });
    expect(await s.units(productIds[0]!)).toBe(3);
    const rows = await s.mails(ref);
    const expired = rows.find((row) => row.kind === 'payment_expired')!;
    expect(JSON.parse(expired.content).paragraphs.join(' ')).toMatch(/\$8\.00 of \$20\.00 had arrived/);
    expect(
      rows.filter((row) => row.dedupe_key.startsWith(`order_attention:expired_partly_paid:${ref}:`)),
    ).toHaveLength(1);
    expect((await attention()).map((order) => order.payment_id)).toContain(ref);
  });

  it('lets an order revived by a late part payment be paid on its invoice, and tells of its second expiry', async () => {
    const { ref, sub, headers } = await s.buy('nowpayments');
    const mine = async () =>
      (await s.app().app.inject({ url: `/api/my-purchases/${sub}`, headers })).json()[0] as {
        payment_status: string;
        invoice_url: string | null;
        pay_until: string | null;
      };
    expect(await sweepUnpaidOrders(s.db(), new Date(Date.now() + 2 * HOUR), 60)).toBeGreaterThanOrEqual(1);
    // Expired: no Pay Now, though the invoice stays on record.
    expect(await mine()).toMatchObject({ payment_status: 'expired', invoice_url: null, pay_until: null });
    expect((await s.ipn(ref, 'partially_paid', 8)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'partially_paid', paid_late: 1 });
    expect(await mine()).toMatchObject({
      payment_status: 'partially_paid',
      invoice_url: 'https://nowpayments.example/payment/?iid=123',
      pay_until: expect.any(String),
    });
    const partly = (await s.mails(ref)).find((row) => row.kind === 'order_partly_paid')!;
    expect(JSON.parse(partly.content).action).toEqual({
      label: 'Pay the rest',
      href: 'https://nowpayments.example/payment/?iid=123',
    });
    // The rest never comes: it expires again, and the buyer and the seller are told again.
    expect(await sweepUnpaidOrders(s.db(), new Date(Date.now() + 3 * HOUR), 60)).toBeGreaterThanOrEqual(1);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'expired', stock_reserved: 0 });
    const rows = await s.mails(ref);
    expect(rows.filter((row) => row.kind === 'payment_expired')).toHaveLength(2);
    expect(
      rows.filter((row) => row.dedupe_key.startsWith(`order_attention:expired_partly_paid:${ref}:`)),
    ).toHaveLength(1);
  });

  it('reads what arrived on a BTCPay invoice in USD: partly paid, then overpaid when settled', async () => {
    const { ref } = await s.buy('btcpay');
    expect((await s.webhook(ref, 'InvoiceReceivedPayment', 'New', 'PaidPartial', '5')).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'partially_paid', invoice_paid_cents: 500 });
    expect((await s.webhook(ref, 'InvoiceSettled', 'Settled', 'PaidOver', '21.5')).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'finished', invoice_paid_cents: 2150 });
    const keys = (await s.mails(ref)).map((row) => row.dedupe_key);
    expect(keys).toEqual(
      expect.arrayContaining([
        `order_partly_paid:${ref}:500`,
        `order_paid:${ref}`,
        `order_attention:overpaid:${ref}`,
      ]),
    );
  });

  it('revives a BTCPay order paid after its invoice expired (Expired, PaidLate) as paid late, and tells the seller', async () => {
    const { ref, productIds } = await s.buy('btcpay');
    expect((await s.webhook(ref, 'InvoiceExpired', 'Expired', 'None', '0')).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'expired', stock_reserved: 0 });
    const late = s.btcpay().payLate(ref, 20);
    expect((await s.deliver(ref, 'InvoiceReceivedPayment', late)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'finished',
      paid_late: 1,
      stock_reserved: 1,
      invoice_paid_cents: 2000,
    });
    expect(await s.units(productIds[0]!)).toBe(2);
    const keys = (await s.mails(ref)).map((row) => row.dedupe_key);
    expect(keys).toEqual(
      expect.arrayContaining([`order_attention:paid_late:${ref}`, `order_paid:${ref}`, `order_new:${ref}`]),
    );
    expect((await attention()).find((order) => order.payment_id === ref)).toMatchObject({ paid_late: true });
  });

  it('revives a BTCPay order partly paid after its invoice expired as partly paid', async () => {
    const { ref } = await s.buy('btcpay');
    expect((await s.webhook(ref, 'InvoiceExpired', 'Expired', 'None', '0')).statusCode).toBe(200);
    const late = s.btcpay().payLate(ref, 8);
    expect((await s.deliver(ref, 'InvoiceReceivedPayment', late)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({
      payment_status: 'partially_paid',
      paid_late: 1,
      stock_reserved: 1,
      invoice_paid_cents: 800,
    });
  });

  it('lets the sandbox page pay part of a group, then the rest; the group is paid once', async () => {
    const { ref, headers } = await s.buy('sandbox', 2);
    const pay = (payload?: object) =>
      s.app().app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${ref}/pay`,
        headers,
        ...(payload ? { payload } : {}),
      });
    const part = await pay({ amount: '15.00' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      payment_status: 'partially_paid',
      amount_paid: '15.00',
      total_amount: '40.00',
    });
    const bad = await pay({ amount: 'ten' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/amount/);
    const tooMuch = await pay({ amount: '25.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('Invalid field "amount": only $25.00 is left to pay on this order.');
    expect(await s.order(ref)).toMatchObject({ payment_status: 'partially_paid', invoice_paid_cents: 1500 });
    expect((await pay()).json()).toMatchObject({ payment_status: 'finished', amount_paid: '40.00' });
    const keys = (await s.mails(ref)).map((row) => row.dedupe_key);
    expect(keys.filter((key) => key.startsWith('order_paid:'))).toEqual([`order_paid:${ref}`]);
    expect(keys).toContain(`order_partly_paid:${ref}:1500`);
  });

  it('keeps every buyer-typed field plain text in the e-mail content', async () => {
    const hostile = '<script>alert(1)</script> & "quotes"';
    const sub = 'hostile-buyer';
    const headers = await buyerHeaders(s.app(), { sub });
    await addProduct(s.db(), 'ayz', 900, { title: 'Hostile <b>Lens</b>' }, conditions([2000, 3]));
    const made = await s.app().app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers,
      payload: {
        google_id: sub,
        store: 'ayz',
        product_id: 900,
        condition: 'acceptable',
        quantity: 1,
        ...SHIPPING,
        contact_name: hostile,
        address: hostile,
        city: hostile,
        state_prov: hostile,
        postal_code: '<i>1</i>',
        phone: '<img src=x>',
      },
    });
    const ref = made.json().payment_id;
    await s.app().app.inject({ method: 'POST', url: `/api/payments/sandbox/${ref}/pay`, headers });
    const rows = await s.mails(ref);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      const text = JSON.stringify(JSON.parse(row.content));
      // The words arrive exactly as typed (the sender escapes them), never turned into anything else.
      expect(text).toContain(JSON.stringify(hostile).slice(1, -1));
      expect(text).not.toContain('&lt;');
    }
  });
});

describe.each(TEST_DIALECTS)('the underpaid tolerance on %s', (dialect) => {
  const s = paymentScenarios(dialect, { env: { PAYMENT_UNDERPAID_TOLERANCE_PERCENT: '2' } });

  it('counts a payment short by no more than the tolerance as paid, with the real amount recorded', async () => {
    const { ref } = await s.buy('nowpayments');
    expect((await s.ipn(ref, 'partially_paid', 19.7)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'finished', invoice_paid_cents: 1970 });
    const seller = (await s.mails(ref)).find((row) => row.kind === 'order_new')!;
    expect(JSON.parse(seller.content).details).toContainEqual([
      'Accepted short',
      '$19.70 arrived, $0.30 short',
    ]);
  });

  it('keeps a payment short by more than the tolerance partly paid', async () => {
    const { ref } = await s.buy('nowpayments');
    expect((await s.ipn(ref, 'partially_paid', 19.5)).statusCode).toBe(200);
    expect(await s.order(ref)).toMatchObject({ payment_status: 'partially_paid', invoice_paid_cents: 1950 });
  });
});
