/** The admin orders calls against a stubbed fetch and a bare QueryClient (no DOM, no React). */
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrdersQuery } from '../../../shared/schemas/buying.js';
import { fetchAdminOrders, type AdminOrdersPage } from './adminOrders.js';
import { deleteOrderOptions } from './deleteOrder.js';
import { recordRefundOptions } from './recordRefund.js';
import { stubFetch } from './fetchStub.js';
import { adminOrder } from './testData.js';
import { adminKeys } from './queryKeys.js';
import { setOrderShippedOptions, SHIPPING_UPDATE_FAILED } from './setOrderShipped.js';

const order = (payment_id: string, overrides: Partial<AdminOrder> = {}) =>
  adminOrder({ payment_id, ...overrides });

const query: AdminOrdersQuery = { page: 2, pageSize: 50, filter: 'unsent' };

const { calls, answer } = stubFetch();

function cachedPage(client: QueryClient): AdminOrdersPage | undefined {
  return client.getQueryData<AdminOrdersPage>(adminKeys.ordersPage(query));
}

function clientWith(orders: AdminOrder[]): QueryClient {
  const client = new QueryClient();
  client.setQueryData<AdminOrdersPage>(adminKeys.ordersPage(query), {
    orders,
    totalCount: 60,
    totalPages: 2,
  });
  return client;
}

describe('fetchAdminOrders', () => {
  it('asks for one page with its filter and reads the page count from X-Total-Count', async () => {
    answer(200, [order('ord_a')], { 'X-Total-Count': '5000' });
    const page = await fetchAdminOrders(query);
    expect(calls[0]?.url).toBe('/api/admin-purchases?page=2&pageSize=50&filter=unsent');
    expect(page).toMatchObject({ totalCount: 5000, totalPages: 100 });
    expect(page.orders.map((o) => o.payment_id)).toEqual(['ord_a']);
  });

  it('carries the server’s sentence when the list cannot be loaded', async () => {
    answer(400, { error: 'Invalid field "filter": must be one of all, unpaid, paid, unsent, sent' });
    await expect(fetchAdminOrders(query)).rejects.toThrow('Invalid field "filter"');
  });
});

describe('the Sent/Not Sent toggle', () => {
  const update = { payment_id: 'ord_b', shipped: true, postal_service: 'UPS', tracking_number: '1Z9' };

  it('sends the new value with postal service and tracking number, then updates only that row', async () => {
    answer(200, { ok: true });
    const client = clientWith([order('ord_a'), order('ord_b')]);
    await new MutationObserver(client, setOrderShippedOptions(client)).mutate(update);
    expect(calls[0]?.url).toBe('/api/admin-purchases/ord_b/shipped');
    expect(calls[0]?.init?.method).toBe('PATCH');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      shipped: true,
      postal_service: 'UPS',
      tracking_number: '1Z9',
    });
    expect(cachedPage(client)?.orders).toEqual([
      order('ord_a'),
      order('ord_b', { shipped: true, postal_service: 'UPS', tracking_number: '1Z9' }),
    ]);
  });

  it('leaves the list unchanged on failure and says the shipping status could not be updated', async () => {
    answer(404, { error: 'There is no order ord_b.' });
    const client = clientWith([order('ord_a'), order('ord_b')]);
    const before = cachedPage(client);
    const run = new MutationObserver(client, setOrderShippedOptions(client)).mutate(update);
    await expect(run).rejects.toThrow(`${SHIPPING_UPDATE_FAILED}: There is no order ord_b.`);
    expect(cachedPage(client)).toBe(before);
    expect(console.error).toHaveBeenCalled();
  });
});

describe('Delete Order', () => {
  it('deletes with the admin call and drops the row from the cached page', async () => {
    answer(200, { ok: true });
    const client = clientWith([order('ord_a', { payment_status: 'waiting' }), order('ord_b')]);
    await new MutationObserver(client, deleteOrderOptions(client)).mutate('ord_a');
    expect(calls[0]).toMatchObject({ url: '/api/purchase/ord_a', init: { method: 'DELETE' } });
    expect(cachedPage(client)?.orders.map((o) => o.payment_id)).toEqual(['ord_b']);
  });

  it('keeps the row when the server refuses', async () => {
    answer(409, { error: 'This order is paid and cannot be deleted.' });
    const client = clientWith([order('ord_a', { payment_status: 'waiting' })]);
    const run = new MutationObserver(client, deleteOrderOptions(client)).mutate('ord_a');
    await expect(run).rejects.toThrow('paid');
    expect(cachedPage(client)?.orders.map((o) => o.payment_id)).toEqual(['ord_a']);
  });
});

describe('Record a refund', () => {
  const refund = { payment_id: 'ord_b', amount: '12.50', note: 'TX 0xab', restock: true };

  it('posts amount, note and restock, then fetches every cached page again', async () => {
    answer(200, { ok: true });
    const client = clientWith([order('ord_b')]);
    await new MutationObserver(client, recordRefundOptions(client)).mutate(refund);
    expect(calls[0]).toMatchObject({ url: '/api/admin-purchases/ord_b/refund', init: { method: 'POST' } });
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      amount: '12.50',
      note: 'TX 0xab',
      restock: true,
    });
    expect(client.getQueryState(adminKeys.ordersPage(query))?.isInvalidated).toBe(true);
  });

  it("carries the server's sentence and leaves the cache as it was when refused", async () => {
    answer(409, { error: 'At most $10.00 is left to refund of this order.' });
    const client = clientWith([order('ord_b')]);
    const run = new MutationObserver(client, recordRefundOptions(client)).mutate(refund);
    await expect(run).rejects.toThrow('At most $10.00 is left to refund of this order.');
    expect(client.getQueryState(adminKeys.ordersPage(query))?.isInvalidated).toBe(false);
  });
});
