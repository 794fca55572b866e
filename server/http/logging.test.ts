import { PassThrough } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signSessionToken } from '../modules/buyers/session-token.js';
import { SIGNATURE_HEADERS } from '../modules/payment-providers/index.js';
import { addProduct, conditions } from '../test/fixtures.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_DIALECTS, type TestApp } from '../test/harness.js';
import { lazyRequestLogger, loggerOptions, requestId } from './logging.js';
import { loadConfig } from '../config.js';

const SHIPPING = {
  email: 'hidden.buyer@example.com',
  address: '7 Secret Lane',
  postal_code: '99999',
  city: 'Hiddenville',
  state_prov: 'ZZ',
  contact_name: 'Private Person',
  phone: '555-0199',
};

describe.each(TEST_DIALECTS)('production logs on %s', (dialect) => {
  let t: TestApp;
  let text = '';
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    t = await createTestApp(dialect, {}, { logStream: stream });
    await addProduct(t.handle.db, 'ayz', 1, { title: 'Camera', image_count: 1 }, conditions([1999, 5]));
  });
  afterAll(() => t.close());

  it('hold one JSON line per request with its id, and no password, token or shipping address', async () => {
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { password: 'a wrong guess 123' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    const adminToken = login.json<{ token: string }>().token;
    const user = { sub: 'log-buyer', name: 'Log Buyer', email: 'log@example.com', picture: '' };
    const buyerToken = await signSessionToken(t.app.deps.secrets.sessionSecret, user);
    const purchase = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: { authorization: `Bearer ${buyerToken}` },
      payload: {
        google_id: 'log-buyer',
        product_id: 1,
        store: 'ayz',
        condition: 'acceptable',
        quantity: 1,
        ...SHIPPING,
      },
    });
    expect(purchase.statusCode).toBe(201);
    // A refused body too: its error must not carry the address it was refused with.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/create-purchase',
      headers: { authorization: `Bearer ${buyerToken}` },
      payload: {
        google_id: 'log-buyer',
        product_id: 1,
        store: 'ayz',
        condition: 'acceptable',
        quantity: -1,
        ...SHIPPING,
      },
    });
    expect(refused.statusCode).toBe(400);
    await t.app.inject({
      method: 'GET',
      url: '/api/admin-purchases',
      headers: { authorization: `Bearer ${adminToken}` },
    });

    for (const secret of [
      'a wrong guess 123',
      TEST_ADMIN_PASSWORD,
      adminToken,
      buyerToken,
      t.app.deps.secrets.sessionSecret,
      ...Object.values(SHIPPING),
    ]) {
      expect(text, `the log holds ${secret}`).not.toContain(secret);
    }
    const requests = lines().filter((line) => typeof line.status === 'number');
    expect(
      requests.map((line) => `${String(line.method)} ${String(line.path)} ${String(line.status)}`),
    ).toEqual([
      'POST /api/login 401',
      'POST /api/login 200',
      'POST /api/create-purchase 201',
      'POST /api/create-purchase 400',
      'GET /api/admin-purchases 200',
    ]);
    for (const line of requests) expect(line.reqId).toEqual(expect.any(String));
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(requests.length);
  });

  it('send the request id back, keeping a plain one a proxy sent', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-42.a' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42.a');
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'evil\u0000id with spaces' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines().at(-1)?.reqId).toBe(hostile.headers['x-request-id']);
  });

  it('write the request line byte for byte as the request’s own logger would', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/catalog?shop=ayz&q=camera' });
    const line = text.trimEnd().split('\n').at(-1)!;
    const { time, ms } = JSON.parse(line) as { time: number; ms: number };
    // What Fastify's child logger for the request (the app's options, redaction on) writes for it.
    let expected = '';
    const sink = { write: (chunk: string) => (expected += chunk) };
    const options = loggerOptions({ ...t.config, NODE_ENV: 'production' }, SIGNATURE_HEADERS) as object;
    const fields = { method: 'GET', path: '/api/catalog', status: 200, ms };
    Fastify({ logger: { ...options, timestamp: () => `,"time":${time}`, stream: sink } })
      .log.child({ reqId: answer.headers['x-request-id'] })
      .info(fields, `GET /api/catalog 200 ${ms} ms`);
    expect(line).toBe(expected.trimEnd());
  });
});

describe('the request logger (request.log)', () => {
  const options = loggerOptions(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' }), SIGNATURE_HEADERS);
  const setup = () => {
    let text = '';
    const { log: root } = Fastify({
      logger: { ...(options as object), stream: { write: (chunk: string) => (text += chunk) } },
    }) as unknown as { log: FastifyBaseLogger };
    const child = vi.spyOn(root, 'child');
    const log = lazyRequestLogger.call(null as never, root, { reqId: 'req-1' }, {}, undefined as never);
    return { root, child, log, lines: () => text };
  };

  it('is made only when something logs through it', () => {
    const { child, log, lines } = setup();
    expect(log.level).toBe('info');
    log.debug('not at this level');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines()).toBe('');
    const { child: unused } = setup();
    expect(unused).not.toHaveBeenCalled();
  });

  it('writes what the request’s child logger writes: its id, and secrets redacted', () => {
    const { log, lines } = setup();
    log.warn({ body: { password: 'hunter2', city: 'Hiddenville' }, n: 1 }, 'refused');
    log.child({ part: 'inner' }).error('inner line');
    const [first, second] = lines()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({
      level: 40,
      reqId: 'req-1',
      body: { password: '[redacted]', city: '[redacted]' },
      n: 1,
      msg: 'refused',
    });
    expect(second).toMatchObject({ level: 50, reqId: 'req-1', part: 'inner', msg: 'inner line' });
  });
});

describe('log format', () => {
  it('is a readable line in development and JSON with redaction elsewhere', () => {
    const development = loggerOptions(loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/x' }));
    expect(development).toMatchObject({ transport: { target: 'pino-pretty' } });
    const production = loggerOptions(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' }));
    expect(production).not.toHaveProperty('transport');
    expect(production).toMatchObject({
      redact: { paths: expect.arrayContaining(['req.headers.authorization']) },
    });
  });

  it("keeps every payment provider's callback signature out of the logs", () => {
    const options = loggerOptions(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' }), SIGNATURE_HEADERS);
    expect(SIGNATURE_HEADERS).toEqual(expect.arrayContaining(['x-nowpayments-sig', 'btcpay-sig']));
    expect(options).toMatchObject({
      redact: {
        paths: expect.arrayContaining(['req.headers["x-nowpayments-sig"]', 'req.headers["btcpay-sig"]']),
      },
    });
  });

  it('makes a new id for a request that brings none or a long one', () => {
    expect(requestId({ headers: {} })).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId({ headers: { 'x-request-id': 'x'.repeat(65) } })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
