/** Returns with an RMA number (issue 28), through the real routes, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, conditions, SHIPPING } from '../../../test/fixtures.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  TEST_DIALECTS,
  type AuthHeaders,
  type TestApp,
} from '../../../test/harness.js';
import { completeReturnByRefund, newRma } from './service.js';

describe.each(TEST_DIALECTS)('returns on %s', (dialect) => {
  let t: TestApp;
  let admin: AuthHeaders;
  let nextId = 1;
  let nextBuyer = 1;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await adminHeaders(t);
  });
  afterAll(() => t.close());

  /** A paid order of 2 units of a product at 20.00 (5 in stock: acceptable 5, good 1), marked sent unless told. */
  async function sentOrder({ send = true, quantity = 2 } = {}) {
    const sub = `return-buyer-${nextBuyer++}`;
    const headers = await buyerHeaders(t, { sub });
    const id = nextId++;
    await addProduct(t.handle.db, 'ayz', id, { title: `Lens ${id}` }, conditions([2000, 5], [3000, 1]));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers,
      payload: {
        google_id: sub,
        store: 'ayz',
        product_id: id,
        condition: 'acceptable',
        quantity,
        ...SHIPPING,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ref = created.json().payment_id as string;
    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${ref}/pay`, headers });
    expect(paid.statusCode, paid.body).toBe(200);
    if (send) {
      const shipped = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin-purchases/${ref}/shipped`,
        headers: admin,
        payload: { shipped: true, postal_service: 'UPS', tracking_number: '1Z1' },
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
    }
    return { ref, headers, sub, productId: id };
  }

  const ask = (ref: string, headers: Partial<AuthHeaders>, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/my-purchases/${ref}/returns`, headers, payload });
  const act = (rma: string, action: string, payload: object, headers: Partial<AuthHeaders> = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/returns/${rma}/${action}`, headers, payload });
  const units = async (productId: number, condition: string) =>
    (
      await t.handle.db
        .selectFrom('product_conditions')
        .select('available_quantity')
        .where('product_id', '=', productId)
        .where('condition', '=', condition)
        .executeTakeFirst()
    )?.available_quantity;
  const productStock = async (productId: number) =>
    (
      await t.handle.db
        .selectFrom('products')
        .select(['stock_quantity', 'updated_at'])
        .where('shop', '=', 'ayz')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
    ).stock_quantity;
  const returnRow = (rma: string) =>
    t.handle.db.selectFrom('returns').selectAll().where('rma', '=', rma).executeTakeFirstOrThrow();
  const mails = (key: string) =>
    t.handle.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', key).execute();
  const myLine = async (headers: AuthHeaders, sub: string, ref: string) =>
    (await t.app.inject({ url: `/api/my-purchases/${sub}`, headers }))
      .json()
      .find((line: { payment_id: string }) => line.payment_id === ref);

  async function requested(quantity = 1) {
    const order = await sentOrder();
    const response = await ask(order.ref, order.headers, {
      quantity,
      reason: 'arrived_damaged',
      note: 'Cracked',
    });
    expect(response.statusCode, response.body).toBe(201);
    return { ...order, rma: response.json().rma as string };
  }

  async function approved(quantity = 1) {
    const made = await requested(quantity);
    const response = await act(made.rma, 'approve', { instructions: 'Send it to 1 Dock St.' });
    expect(response.statusCode, response.body).toBe(200);
    return made;
  }

  it('makes RMA numbers of 8 base32 characters', () => {
    for (let i = 0; i < 50; i += 1) expect(newRma()).toMatch(/^RMA-[A-Z2-7]{8}$/);
  });

  it("takes a buyer's request: 201 with the RMA, the seller's e-mail, and both sides see it", async () => {
    const { ref, headers, sub } = await sentOrder();
    const before = await myLine(headers, sub, ref);
    expect(before).toMatchObject({ returns: [], returnable_quantity: 2, return_until: expect.any(String) });
    const response = await ask(ref, headers, { quantity: 1, reason: 'does_not_work', note: 'No power' });
    expect(response.statusCode, response.body).toBe(201);
    const { rma, status } = response.json();
    expect(rma).toMatch(/^RMA-[A-Z2-7]{8}$/);
    expect(status).toBe('requested');
    const after = await myLine(headers, sub, ref);
    expect(after).toMatchObject({
      returnable_quantity: 1,
      returns: [
        {
          rma,
          status: 'requested',
          quantity: 1,
          reason: 'does_not_work',
          note: 'No power',
          approved_at: null,
        },
      ],
    });
    const seller = await mails(`return_requested:${rma}`);
    expect(seller).toMatchObject([{ audience: 'seller', kind: 'return_requested' }]);
    const list = (await t.app.inject({ url: '/api/admin/returns?status=requested', headers: admin })).json();
    expect(list[0]).toMatchObject({ rma, payment_id: ref, buyer_email: SHIPPING.email, order_quantity: 2 });
    const orders = (await t.app.inject({ url: '/api/admin-purchases?pageSize=200', headers: admin })).json();
    const card = orders.find((order: { payment_id: string }) => order.payment_id === ref);
    expect(card).toMatchObject({ shipped_at: expect.any(String), returns: [{ rma, status: 'requested' }] });
  });

  it('starts the window at the first mark sent; a tracking edit keeps it, an unmark ends it', async () => {
    const { ref } = await sentOrder();
    const shippedAt = async () =>
      (
        await t.handle.db
          .selectFrom('orders')
          .select('shipped_at')
          .where('payment_id', '=', ref)
          .executeTakeFirstOrThrow()
      ).shipped_at;
    const first = await shippedAt();
    expect(first).toEqual(expect.any(String));
    const mark = (shipped: boolean, tracking: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin-purchases/${ref}/shipped`,
        headers: admin,
        payload: { shipped, postal_service: 'UPS', tracking_number: tracking },
      });
    expect((await mark(true, '1Z2')).statusCode).toBe(200);
    expect(await shippedAt()).toBe(first);
    expect((await mark(false, '1Z2')).statusCode).toBe(200);
    expect(await shippedAt()).toBeNull();
    expect((await mark(true, '1Z3')).statusCode).toBe(200);
    expect((await shippedAt())! >= first!).toBe(true);
  });

  it('refuses an unsent order, past the quantity, outside the window, and not yours', async () => {
    const unsent = await sentOrder({ send: false });
    const refused = await ask(unsent.ref, unsent.headers, { quantity: 1, reason: 'other', note: '' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This order is not marked sent yet, so it cannot be returned.');

    const { ref, headers, sub } = await sentOrder();
    expect((await ask(ref, headers, { quantity: 3, reason: 'other' })).statusCode).toBe(409);
    expect((await ask(ref, headers, { quantity: 2, reason: 'other' })).statusCode).toBe(201);
    const more = await ask(ref, headers, { quantity: 1, reason: 'other' });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe('Every unit of this order is already being returned.');

    const old = await sentOrder();
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.handle.db
      .updateTable('orders')
      .set({ shipped_at: longAgo })
      .where('payment_id', '=', old.ref)
      .execute();
    const late = await ask(old.ref, old.headers, { quantity: 1, reason: 'other' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/^The 30-day return window of this order ended on \d{4}-\d\d-\d\d\.$/);
    expect(await myLine(old.headers, old.sub, old.ref)).toMatchObject({
      returnable_quantity: 0,
      return_until: null,
    });

    const other = await buyerHeaders(t, { sub: 'someone-else' });
    const notYours = await ask(ref, other, { quantity: 1, reason: 'other' });
    expect(notYours.statusCode).toBe(403);
    expect((await ask('ord_nosuchorder', headers, { quantity: 1, reason: 'other' })).statusCode).toBe(404);
    expect((await ask(ref, {}, { quantity: 1, reason: 'other' })).statusCode).toBe(401);
    expect(await myLine(headers, sub, ref)).toMatchObject({ returns: [{ quantity: 2 }] });
  });

  it('refuses bad input with a sentence naming the field, writing nothing', async () => {
    const { ref, headers } = await sentOrder();
    for (const [payload, field] of [
      [{ quantity: 0, reason: 'other' }, 'quantity'],
      [{ quantity: 1, reason: 'bored' }, 'reason'],
      [{ quantity: 1, reason: 'other', note: 'x'.repeat(1001) }, 'note'],
      [{ reason: 'other' }, 'quantity'],
    ] as const) {
      const bad = await ask(ref, headers, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error).toMatch(new RegExp(field));
    }
    const { rma } = await requested();
    for (const [action, payload, field] of [
      ['approve', { instructions: '' }, 'instructions'],
      ['approve', { instructions: 'x'.repeat(1001) }, 'instructions'],
      ['reject', { reason: '  ' }, 'reason'],
      ['receive', { restock_condition: 'mint' }, 'restock_condition'],
      ['receive', {}, 'restock_condition'],
    ] as const) {
      const bad = await act(rma, action, payload);
      expect(bad.statusCode, `${action} ${JSON.stringify(payload)}`).toBe(400);
      expect(bad.json().error).toMatch(new RegExp(field));
    }
    expect((await act('RMA-nope', 'approve', { instructions: 'x' })).statusCode).toBe(400);
    expect((await act('RMA-AAAAAAAA', 'approve', { instructions: 'x' })).statusCode).toBe(404);
    for (const action of ['approve', 'reject', 'receive']) {
      expect(
        (await act(rma, action, { instructions: 'x', reason: 'x', restock_condition: null }, {})).statusCode,
      ).toBe(401);
      expect(
        (await act(rma, action, { instructions: 'x', reason: 'x', restock_condition: null }, headers))
          .statusCode,
      ).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/admin/returns', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/returns?status=lost', headers: admin })).statusCode).toBe(
      400,
    );
    expect(await returnRow(rma)).toMatchObject({ status: 'requested', instructions: '', reject_reason: '' });
  });

  it('approves with instructions, e-mails the buyer and logs it; only legal moves after', async () => {
    const { rma } = await requested();
    const response = await act(rma, 'approve', { instructions: 'Send it to 1 Dock St.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ rma, status: 'approved', instructions: 'Send it to 1 Dock St.' });
    const [mail] = await mails(`return_approved:${rma}`);
    expect(mail).toMatchObject({ audience: 'buyer', recipient: SHIPPING.email });
    expect(JSON.parse(mail!.content).paragraphs).toContain('Send it to 1 Dock St.');
    const log = await t.handle.db
      .selectFrom('activity_log')
      .selectAll()
      .where('target', '=', `return ${rma}`)
      .execute();
    expect(log).toMatchObject([{ action: 'return.approve', actor: expect.any(String) }]);
    expect(JSON.parse(log[0]!.before_json!)).toEqual({ status: 'requested' });
    const again = await act(rma, 'reject', { reason: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`${rma} is approved: only a requested return can be rejected.`);
  });

  it('rejects with a reason, e-mails it, and the units may be asked for again', async () => {
    const { rma, ref, headers, sub } = await requested(2);
    const response = await act(rma, 'reject', { reason: 'Past the condition we accept' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'rejected',
      reject_reason: 'Past the condition we accept',
    });
    expect(await mails(`return_rejected:${rma}`)).toHaveLength(1);
    expect((await act(rma, 'receive', { restock_condition: 'good' })).statusCode).toBe(409);
    expect(await myLine(headers, sub, ref)).toMatchObject({ returnable_quantity: 2 });
  });

  it('restocks exactly once when two receives race; the product moves on', async () => {
    const { rma, productId } = await approved(2);
    const before = await productStock(productId);
    const answers = await Promise.all([
      act(rma, 'receive', { restock_condition: 'good' }),
      act(rma, 'receive', { restock_condition: 'good' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await units(productId, 'good')).toBe(3);
    expect(await productStock(productId)).toBe(before + 2);
    expect(await returnRow(rma)).toMatchObject({
      status: 'received',
      restock_condition: 'good',
      restocked: 1,
    });
    const log = await t.handle.db
      .selectFrom('activity_log')
      .selectAll()
      .where('target', '=', `return ${rma}`)
      .execute();
    expect(log.map((row) => row.action)).toEqual(['return.approve', 'return.receive']);
  });

  it('adds a missing grade without a price, and a null grade leaves stock as it is', async () => {
    const first = await approved();
    expect((await act(first.rma, 'receive', { restock_condition: 'excellent' })).statusCode).toBe(200);
    const added = await t.handle.db
      .selectFrom('product_conditions')
      .selectAll()
      .where('product_id', '=', first.productId)
      .where('condition', '=', 'excellent')
      .executeTakeFirstOrThrow();
    expect(added).toMatchObject({ price_cents: 0, available_quantity: 1 });

    const second = await approved();
    const before = await productStock(second.productId);
    const response = await act(second.rma, 'receive', { restock_condition: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'received', restock_condition: null });
    expect(await productStock(second.productId)).toBe(before);
    expect(await returnRow(second.rma)).toMatchObject({ restocked: 0 });
  });

  it('refuses a grade for a deleted product, changing nothing', async () => {
    const { rma, productId } = await approved();
    await t.handle.db.deleteFrom('products').where('shop', '=', 'ayz').where('id', '=', productId).execute();
    const refused = await act(rma, 'receive', { restock_condition: 'good' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/no longer exists/);
    expect(await returnRow(rma)).toMatchObject({ status: 'approved', received_at: null });
    expect((await act(rma, 'receive', { restock_condition: null })).statusCode).toBe(200);
  });

  it('completes a return with the refund call and its rma, once', async () => {
    const { rma, ref, productId } = await approved();
    expect((await act(rma, 'receive', { restock_condition: 'good' })).statusCode).toBe(200);
    const refund = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin-purchases/${ref}/refund`, headers: admin, payload });
    const doubled = await refund({ amount: '40.00', note: '', restock: true, rma });
    expect(doubled.statusCode).toBe(400);
    expect(doubled.json().error).toMatch(/restock/);
    const response = await refund({ amount: '20.00', note: 'Return', restock: false, rma });
    expect(response.statusCode, response.body).toBe(200);
    expect(await returnRow(rma)).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
    expect(await units(productId, 'good')).toBe(2);
    expect(
      await t.handle.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('dedupe_key', 'like', `order_refunded:${ref}%`)
        .execute(),
    ).toHaveLength(1);
    const again = await refund({ amount: '1.00', note: '', restock: false, rma });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `${rma} is refunded: only an approved or received return can be refunded.`,
    );
    const other = await sentOrder();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/admin-purchases/${other.ref}/refund`,
      headers: admin,
      payload: { amount: '1.00', note: '', restock: false, rma },
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error).toBe(`${rma} is not a return of this order.`);
    expect(
      (
        await t.handle.db
          .selectFrom('orders')
          .select('refunded_cents')
          .where('payment_id', '=', other.ref)
          .executeTakeFirstOrThrow()
      ).refunded_cents,
    ).toBe(0);
  });

  it('refuses a requested return in completeReturnByRefund, rolling back', async () => {
    const { rma, ref } = await requested();
    await expect(
      t.handle.db
        .transaction()
        .execute((trx) => completeReturnByRefund(trx, ref, rma, new Date().toISOString())),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await returnRow(rma)).toMatchObject({ status: 'requested' });
  });
});
