import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { signSessionToken } from '../buyers/session-token.js';
import { addProduct, conditions } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { isAllowedAddress } from './metrics.js';

describe.each(TEST_DIALECTS)('/metrics on %s', (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  let socket: Socket;

  beforeAll(async () => {
    t = await createTestApp(dialect, { METRICS_ALLOW: '10.20.0.0/16, 192.0.2.7' });
    admin = await adminHeaders(t);
    await addProduct(t.handle.db, 'ayz', 1, { title: 'Camera', image_count: 1 }, conditions([1999, 5]));
    const user = { sub: 'metrics-buyer', name: 'Metrics Buyer', email: 'm@example.com', picture: '' };
    const token = await signSessionToken(t.app.deps.secrets.sessionSecret, user);
    const purchase = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        google_id: 'metrics-buyer',
        product_id: 1,
        store: 'ayz',
        condition: 'acceptable',
        quantity: 1,
        email: 'm@example.com',
        address: '1 Main Street',
        postal_code: '12345',
        city: 'Springfield',
        state_prov: 'IL',
        contact_name: 'Metrics Buyer',
        phone: '555-0100',
      },
    });
    expect(purchase.statusCode).toBe(201);
    await t.app.inject({ method: 'GET', url: '/api/products/1?shop=ayz' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    socket = connect(`http://127.0.0.1:${port}`, { auth: { token }, transports: ['websocket'] });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  });
  afterAll(async () => {
    socket.disconnect();
    await t.close();
  });

  const scrape = (headers: Record<string, string> = {}, remoteAddress = '203.0.113.9') =>
    t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

  it('answers the admin in Prometheus text: durations by route, orders by status, sockets, loop lag', async () => {
    const response = await scrape(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/create-purchase",status_code="201"\} 1$/m,
    );
    expect(text).toMatch(/^shop_orders\{payment_status="waiting"\} 1$/m);
    expect(text).toMatch(/^chat_connected_sockets 1$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // The route's pattern, never a URL with its id or query.
    expect(text).not.toContain('/api/products/1');
  });

  it('reports the longest event-loop delay since the last scrape', async () => {
    await scrape(admin);
    // A scrape resets the monitor, whose next 20 ms tick only restarts its clock: block after that tick.
    await new Promise((resolve) => setTimeout(resolve, 40));
    const blockedUntil = Date.now() + 200;
    while (Date.now() < blockedUntil) {
      // A handler that blocks the loop, as a large synchronous build would.
    }
    // The monitor's 20 ms timer has to fire once after the block to record it.
    await new Promise((resolve) => setTimeout(resolve, 40));
    const longest = Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec((await scrape(admin)).body)?.[1]);
    expect(longest).toBeGreaterThanOrEqual(0.15);
  });

  it('answers a listed address without a token', async () => {
    expect((await scrape({}, '10.20.3.4')).statusCode).toBe(200);
    expect((await scrape({}, '192.0.2.7')).statusCode).toBe(200);
    expect((await scrape({}, '::ffff:10.20.9.9')).statusCode).toBe(200);
  });

  it('refuses anyone else with a sentence, a wrong token included', async () => {
    for (const response of [
      await scrape(),
      await scrape({ authorization: 'Bearer not-a-token' }),
      await scrape({}, '10.21.0.1'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Metrics need the admin token, or a request from an address METRICS_ALLOW lists.',
      });
    }
  });
});

describe('METRICS_ALLOW', () => {
  it('matches addresses and ranges of the same family only', () => {
    expect(isAllowedAddress('10.0.0.1', ['10.0.0.0/8'])).toBe(true);
    expect(isAllowedAddress('11.0.0.1', ['10.0.0.0/8'])).toBe(false);
    expect(isAllowedAddress('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(isAllowedAddress('2001:db8::1', ['10.0.0.0/8'])).toBe(false);
    expect(isAllowedAddress('not an address', ['10.0.0.0/8'])).toBe(false);
  });

  it('stops start-up with a sentence for an entry that is not an address', async () => {
    const { loadConfig } = await import('../../config.js');
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/8, example.com' })).toThrow(
      /METRICS_ALLOW.*example\.com is not an address or CIDR range/,
    );
  });
});
