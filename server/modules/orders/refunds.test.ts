/** Refunds the seller records (issue 18), through the real admin route, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, conditions, SHIPPING } from '../../test/fixtures.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  TEST_DIALECTS,
  type AuthHeaders,
  type TestApp,
} from '../../test/harness.js';

describe.each(TEST_DIALECTS)('refunds on %s', (dialect) => {
  let t: TestApp;
  let admin: AuthHeaders;
  let nextId = 1;
  let nextBuyer = 1;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await adminHeaders(t);
  });
  afterAll(() => t.close());

  /** A paid order (sandbox Pay) of one product at 20.00 × 1 of 3 units, or a paid group of `lines` such products. */
  async function paidOrder(lines = 1, { pay = true } = {}) {
    const sub = `buyer-${nextBuyer++}`;
    const headers = await buyerHeaders(t, { sub });
    const ids: number[] = [];
    for (let i = 0; i < lines; i += 1) {
      const id = nextId++;
      await addProduct(t.handle.db, 'ayz', id, { title: `Tripod ${id}` }, conditions([2000, 3]));
      ids.push(id);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: lines === 1 ? '/api/create-purchase' : '/api/create-cart-purchase',
      headers,
      payload:
        lines === 1
          ? {
              google_id: sub,
              store: 'ayz',
              product_id: ids[0],
              condition: 'acceptable',
              quantity: 1,
              ...SHIPPING,
            }
          : {
              google_id: sub,
              store: 'ayz',
              lines: ids.map((id) => ({ product_id: id, condition: 'acceptable', quantity: 1 })),
              ...SHIPPING,
            },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    if (pay) {
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${created.payment_id}/pay`,
        headers,
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const lineIds: string[] = created.payment_ids ?? [created.payment_id];
    return { ref: created.payment_id as string, lineIds, productIds: ids };
  }

  const refund = (paymentId: string, payload: object, headers: Partial<AuthHeaders> = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin-purchases/${paymentId}/refund`, headers, payload });
  const rows = (ref: string) =>
    t.handle.db
      .selectFrom('orders')
      .selectAll()
      .where((eb) => eb.or([eb('payment_id', '=', ref), eb('group_id', '=', ref)]))
      .orderBy('id')
      .execute();
  const units = async (productId: number) =>
    (
      await t.handle.db
        .selectFrom('product_conditions')
        .select('available_quantity')
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).available_quantity;
  const refundMails = (ref: string) =>
    t.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('dedupe_key', 'like', `order_refunded:${ref}%`)
      .orderBy('id')
      .execute();
  const adminView = async (paymentId: string) => {
    const list = (await t.app.inject({ url: '/api/admin-purchases?pageSize=100', headers: admin })).json();
    return list.find((order: { payment_id: string }) => order.payment_id === paymentId);
  };

  it("records a part refund: the order stays paid, with the amount, its row and the buyer's e-mail", async () => {
    const { ref, productIds } = await paidOrder();
    const response = await refund(ref, { amount: '5.50', note: 'tx 0xabc', restock: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rows(ref)).toMatchObject([
      { payment_status: 'finished', refunded_cents: 550, stock_reserved: 1 },
    ]);
    expect(await units(productIds[0]!)).toBe(2);
    expect(await adminView(ref)).toMatchObject({
      payment_status: 'finished',
      refunded_amount: '5.50',
      refunds: [{ amount: '5.50', note: 'tx 0xabc', restocked: false, created_at: expect.any(String) }],
    });
    const mails = await refundMails(ref);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ audience: 'buyer', recipient: SHIPPING.email, kind: 'order_refunded' });
    expect(JSON.parse(mails[0]!.content).details).toEqual(
      expect.arrayContaining([
        ['Refunded', '$5.50'],
        ['Refund', 'Part of the payment'],
        ['Note', 'tx 0xabc'],
      ]),
    );
  });

  it('refunds the rest as a whole: refunded, units kept gone without restock', async () => {
    const { ref, productIds } = await paidOrder();
    expect((await refund(ref, { amount: '5', note: '', restock: false })).statusCode).toBe(200);
    expect((await refund(ref, { amount: '15.00', note: 'rest', restock: false })).statusCode).toBe(200);
    expect(await rows(ref)).toMatchObject([
      { payment_status: 'refunded', refunded_cents: 2000, stock_reserved: 0 },
    ]);
    expect(await units(productIds[0]!)).toBe(2);
    const mails = await refundMails(ref);
    expect(mails).toHaveLength(2);
    expect(JSON.parse(mails[1]!.content).details).toContainEqual(['Refund', 'The whole payment']);
    const again = await refund(ref, { amount: '1', note: '', restock: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This order is already refunded in full.');
  });

  it('restocks a shipped order when the parcel came back', async () => {
    const { ref, productIds } = await paidOrder();
    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin-purchases/${ref}/shipped`,
      headers: admin,
      payload: { shipped: true, postal_service: 'UPS', tracking_number: '1Z999' },
    });
    expect(shipped.statusCode).toBe(200);
    expect((await refund(ref, { amount: '20.00', note: 'returned', restock: true })).statusCode).toBe(200);
    expect(await rows(ref)).toMatchObject([{ payment_status: 'refunded', stock_reserved: 0 }]);
    expect(await units(productIds[0]!)).toBe(3);
  });

  it('spreads a group refund over its lines, and restocks every line with the refund of the rest', async () => {
    const { ref, lineIds, productIds } = await paidOrder(3);
    // Any line of the group stands for the group's payment (60.00).
    expect((await refund(lineIds[2]!, { amount: '30.00', note: '', restock: false })).statusCode).toBe(200);
    const after = await rows(ref);
    expect(after.map((row) => [row.payment_status, row.refunded_cents])).toEqual([
      ['finished', 2000],
      ['finished', 1000],
      ['finished', 0],
    ]);
    expect(await Promise.all(productIds.map(units))).toEqual([2, 2, 2]);
    expect(await refundMails(ref)).toHaveLength(1);
    const tooMuch = await refund(ref, { amount: '30.01', note: '', restock: false });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe(
      'Invalid field "amount": only $30.00 of this payment is left to refund.',
    );
    expect((await refund(ref, { amount: '30.00', note: '', restock: true })).statusCode).toBe(200);
    expect((await rows(ref)).map((row) => [row.payment_status, row.refunded_cents])).toEqual([
      ['refunded', 2000],
      ['refunded', 2000],
      ['refunded', 2000],
    ]);
    expect(await Promise.all(productIds.map(units))).toEqual([3, 3, 3]);
  });

  it('refuses to put units back on sale with a part refund: the order may still be shipped', async () => {
    const { ref, productIds } = await paidOrder(2);
    const before = await rows(ref);
    const part = await refund(ref, { amount: '10.00', note: '', restock: true });
    expect(part.statusCode).toBe(400);
    expect(part.json().error).toBe(
      'Units go back on sale only with a refund of the whole payment: refund the rest, or restock in the product editor.',
    );
    expect(await rows(ref)).toEqual(before);
    expect(await Promise.all(productIds.map(units))).toEqual([2, 2]);
    expect(await refundMails(ref)).toHaveLength(0);
  });

  it('never lets two refunds at once exceed what was paid', async () => {
    const { ref } = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => refund(ref, { amount: '8.00', note: '', restock: false })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(2);
    expect(await rows(ref)).toMatchObject([{ refunded_cents: 1600 }]);
  });

  it('refuses an unpaid order, a bad body and a caller who is not the admin, changing nothing', async () => {
    const unpaid = await paidOrder(1, { pay: false });
    const refused = await refund(unpaid.ref, { amount: '1.00', note: '', restock: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Only a paid order, or one that ended with money received, can be refunded.',
    );
    const { ref } = await paidOrder();
    const before = await rows(ref);
    for (const [payload, field] of [
      [{ amount: '0', note: '', restock: false }, 'amount'],
      [{ amount: '-1', note: '', restock: false }, 'amount'],
      [{ amount: '1.234', note: '', restock: false }, 'amount'],
      [{ amount: '1.00', note: '' }, 'restock'],
    ] as const) {
      const bad = await refund(ref, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error).toMatch(new RegExp(field));
    }
    expect((await refund(ref, { amount: '1.00', note: '', restock: false }, {})).statusCode).toBe(401);
    const buyer = await buyerHeaders(t, { sub: 'not-admin' });
    expect((await refund(ref, { amount: '1.00', note: '', restock: false }, buyer)).statusCode).toBe(401);
    expect((await refund('ord_nosuchorder', { amount: '1.00', note: '', restock: false })).statusCode).toBe(
      404,
    );
    expect(await rows(ref)).toEqual(before);
  });
});
