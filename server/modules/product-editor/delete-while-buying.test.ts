import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITIONS } from '../../../shared/shops.js';
import { addProduct, conditions, SHIPPING } from '../../test/fixtures.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { applyPaymentStatus, sweepUnpaidOrders } from '../orders/index.js';

type Headers = { authorization: string };

describe.each(TEST_DIALECTS)('deleting an open-box product while it is being bought, on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let buyers: { sub: string; headers: Headers }[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await adminHeaders(t);
    buyers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => ({
        sub: `buyer-${i}`,
        headers: await buyerHeaders(t, { sub: `buyer-${i}` }),
      })),
    );
  });
  afterAll(() => t.close());

  const purchase = (buyer: { sub: string; headers: Headers }, id: number, condition: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: buyer.headers,
      payload: { google_id: buyer.sub, product_id: id, store: 'ayz', condition, quantity: 1, ...SHIPPING },
    });
  const deleteProduct = (id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/delete-product/ayz/${id}`, headers: admin });

  const conditionStock = async (id: number) =>
    (
      await t.handle.db
        .selectFrom('product_conditions')
        .select('available_quantity')
        .where('shop', '=', 'ayz')
        .where('product_id', '=', id)
        .where('condition', '=', 'acceptable')
        .executeTakeFirstOrThrow()
    ).available_quantity;

  it('answers every purchase, order delete and the product delete without a server error (no deadlock)', async () => {
    const unexpected: string[] = [];
    for (let id = 1; id <= 15; id += 1) {
      await addProduct(
        t.handle.db,
        'ayz',
        id,
        {},
        conditions([1999, 100], [1999, 100], [1999, 100], [1999, 100]),
      );
      // Orders whose deletes give units back while the product goes.
      const open = [];
      for (const buyer of buyers.slice(0, 4)) {
        open.push({
          buyer,
          paymentId: (await purchase(buyer, id, 'acceptable')).json().payment_id as string,
        });
      }
      // 8 buyers buy at once, with the admin's delete in the middle of them and the 4 order deletes.
      const calls = buyers.map((buyer, i) => purchase(buyer, id, CONDITIONS[i % 4]!));
      calls.splice(4, 0, deleteProduct(id));
      for (const { buyer, paymentId } of open) {
        calls.push(
          t.app.inject({ method: 'DELETE', url: `/api/purchase/${paymentId}`, headers: buyer.headers }),
        );
      }
      const answers = await Promise.all(calls);
      const [deleted] = answers.splice(4, 1);
      if (deleted!.statusCode !== 200)
        unexpected.push(`delete ${id}: ${deleted!.statusCode} ${deleted!.body}`);
      for (const answer of answers.slice(0, 8)) {
        // A purchase after the delete is told the product is gone; one before it went through.
        if (answer.statusCode !== 201 && answer.statusCode !== 404) {
          unexpected.push(`purchase of ${id}: ${answer.statusCode} ${answer.body}`);
        }
      }
      for (const answer of answers.slice(8)) {
        if (answer.statusCode !== 200) unexpected.push(`order delete: ${answer.statusCode} ${answer.body}`);
      }
      // The cap on open orders must not be what refuses the next round.
      await t.handle.db.deleteFrom('orders').execute();
    }
    expect(unexpected).toEqual([]);
  }, 60_000);

  it("stops a deleted product's orders holding units, so a new product under its id gains none", async () => {
    const id = 100;
    await addProduct(t.handle.db, 'ayz', id, {}, conditions([1999, 5]));
    const [alice, bob, carol] = buyers as [
      (typeof buyers)[number],
      (typeof buyers)[number],
      (typeof buyers)[number],
    ];
    const waiting = (await purchase(alice, id, 'acceptable')).json().payment_id as string;
    const paid = (await purchase(bob, id, 'acceptable')).json().payment_id as string;
    const stale = (await purchase(carol, id, 'acceptable')).json().payment_id as string;
    await applyPaymentStatus(t.handle.db, paid, 'finished');
    expect((await deleteProduct(id)).statusCode).toBe(200);
    const held = await t.handle.db
      .selectFrom('orders')
      .select(['payment_id', 'stock_reserved'])
      .where('product_id', '=', id)
      .orderBy('payment_id')
      .execute();
    expect(held.map((order) => order.stock_reserved)).toEqual([0, 0, 0]);

    // The highest id is handed out again; the old orders' releases must not touch the new product.
    await addProduct(t.handle.db, 'ayz', id, {}, conditions([2999, 2]));
    await t.app.inject({ method: 'DELETE', url: `/api/purchase/${waiting}`, headers: alice.headers });
    await applyPaymentStatus(t.handle.db, paid, 'refunded');
    await t.handle.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 600 * 60_000).toISOString() })
      .where('payment_id', '=', stale)
      .execute();
    await sweepUnpaidOrders(t.handle.db, new Date(), 60);
    expect(await conditionStock(id)).toBe(2);
  });
});
