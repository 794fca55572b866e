import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Secrets } from '../../secrets.js';
import {
  adminHeaders,
  createTestApp,
  TEST_ADMIN_PASSWORD,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { REGISTERED_PROVIDERS } from '../payment-providers/index.js';
import { insertSession, recordLoginAttempt } from './repository.js';

/** Every admin call of docs/product.md §7, each of which must refuse a caller without a live admin token. */
const ADMIN_CALLS: [string, string][] = [
  ['GET', '/api/next-id?shop=pc'],
  ['GET', '/api/categories?shop=pc'],
  ['GET', '/api/product-images/pc/1'],
  ['DELETE', '/api/product-images/pc/1/1.webp'],
  ['POST', '/api/upload-images'],
  ['POST', '/api/add-product?shop=pc'],
  ['PUT', '/api/edit-product/products/1'],
  ['DELETE', '/api/delete-product/pc/1'],
  ['POST', '/api/tiptap-upload-image/pc/1'],
  ['POST', '/api/tiptap-delete-image'],
  ['DELETE', '/api/tiptap-delete-folder/pc/1'],
];

describe.each(TEST_DIALECTS)('admin login on %s', (dialect) => {
  let t: TestApp;
  const login = (password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { password }, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Another app process over the same database, as after a restart with these secrets. */
  const restartWith = (secrets: Partial<Secrets> = {}) =>
    buildApp(
      { ...t.app.deps, secrets: { ...t.app.deps.secrets, ...secrets } },
      { serveClient: false, orderSweepMs: 0 },
    );
  const verify = async (app: typeof t.app, token: string) =>
    (await app.inject({ method: 'POST', url: '/api/verify-token', payload: { token } })).json().valid;

  it('gives a token for the right password and says a wrong one is wrong', async () => {
    const wrong = await login('nope', '10.0.0.50');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Wrong password.' });
    const right = await login(TEST_ADMIN_PASSWORD, '10.0.0.50');
    expect(right.statusCode).toBe(200);
    const { token } = right.json();
    expect(token).toMatch(/^[\w-]{40,}$/);
    const verified = await t.app.inject({ method: 'POST', url: '/api/verify-token', payload: { token } });
    expect(verified.json()).toEqual({ valid: true });
    const stored = await t.handle.db.selectFrom('admin_sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    // Keyed by the credentials, not a bare digest anyone could recompute from a token.
    const bareDigest = crypto.createHash('sha256').update(token).digest('hex');
    expect(stored.map((row) => row.token_hash)).not.toContain(bareDigest);
  });

  it('refuses a missing password with a sentence', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid field "password": is required.');
  });

  it('counts a forged, oversized forwarded address without failing, behind a trusted proxy', async () => {
    const proxied = await createTestApp(dialect, { TRUST_PROXY: '1' });
    const response = await proxied.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { password: 'nope' },
      headers: { 'x-forwarded-for': 'x'.repeat(300) },
    });
    expect(response.statusCode).toBe(401);
    const stored = await proxied.handle.db.selectFrom('login_failures').select('address').execute();
    expect(stored.map((row) => row.address.length)).toEqual([64]);
    await proxied.close();
  });

  it('says a password that is not text must be text', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { password: 12345 } });
    expect(response.json()).toEqual({ error: 'Invalid field "password": must be text.' });
  });

  it('says an unknown or expired token is not valid', async () => {
    await insertSession(
      t.handle.db,
      'a'.repeat(64),
      'old-key',
      '2020-01-01T00:00:00.000Z',
      '2020-01-01T12:00:00.000Z',
    );
    for (const token of ['made-up', '']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/verify-token', payload: { token } });
      expect(response.json()).toEqual({ valid: false });
    }
  });

  it('locks an address out after 5 failures in 15 minutes, and keeps it locked across a restart', async () => {
    const address = '10.0.0.2';
    for (let i = 0; i < 4; i += 1) expect((await login('wrong', address)).statusCode).toBe(401);
    const fifth = await login('wrong', address);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().retryAfter).toBeGreaterThan(890);
    expect(fifth.json().retryAfter).toBeLessThanOrEqual(900);
    expect(fifth.json().error).toMatch(/^Too many login attempts\. Please try again in 1[45]:\d\d$/);
    expect(fifth.headers['retry-after']).toBe(String(fifth.json().retryAfter));
    // The same client over IPv6 (an IPv4-mapped address) is the same address.
    expect((await login(TEST_ADMIN_PASSWORD, `::ffff:${address}`)).statusCode).toBe(429);
    expect((await login(TEST_ADMIN_PASSWORD, address)).statusCode).toBe(429);
    expect((await login(TEST_ADMIN_PASSWORD, '10.0.0.3')).statusCode).toBe(200);

    const restarted = await buildApp(t.app.deps, { serveClient: false });
    const afterRestart = await restarted.inject({
      method: 'POST',
      url: '/api/login',
      payload: { password: TEST_ADMIN_PASSWORD },
      remoteAddress: address,
    });
    expect(afterRestart.statusCode).toBe(429);
    await restarted.close();
  });

  it('counts an IPv6 client by its /64: 20 addresses of one network share 5 guesses', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i += 1) {
      statuses.push((await login('wrong', `2001:db8:a:b:${i.toString(16)}::${i}`)).statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual(Array(16).fill(429));
    const locked = await login(TEST_ADMIN_PASSWORD, '2001:db8:a:b:ffff:ffff:ffff:ffff');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toMatch(/^\d+$/);
    // The next /64 over is another client.
    expect((await login(TEST_ADMIN_PASSWORD, '2001:db8:a:c::1')).statusCode).toBe(200);
  });

  it('still counts IPv4 clients one address each', async () => {
    for (let i = 0; i < 5; i += 1) await login('wrong', '192.0.2.10');
    expect((await login(TEST_ADMIN_PASSWORD, '192.0.2.10')).statusCode).toBe(429);
    expect((await login(TEST_ADMIN_PASSWORD, '192.0.2.11')).statusCode).toBe(200);
  });

  it('keeps sessions across a restart with the same credentials', async () => {
    const { authorization } = await adminHeaders(t);
    const restarted = await restartWith();
    expect(await verify(restarted, authorization.slice(7))).toBe(true);
    await restarted.close();
  });

  it.each([
    ['ADMIN_PASSWORD', { adminPassword: 'a brand new admin password' }],
    ['SESSION_SECRET', { sessionSecret: 'a brand new session secret' }],
  ])('ends every session made before a change of %s, for good', async (_name, changed) => {
    const headers = await adminHeaders(t);
    const token = headers.authorization.slice(7);
    const changedApp = await restartWith(changed);
    expect(await verify(changedApp, token)).toBe(false);
    const refused = await changedApp.inject({ url: '/api/next-id', headers });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Your admin session has expired. Please log in again.' });
    await changedApp.close();
    // Changing back does not revive it: the session was deleted when the new credentials started.
    const changedBack = await restartWith();
    expect(await verify(changedBack, token)).toBe(false);
    await changedBack.close();
    // An app still running with the old credentials can no longer find it either.
    expect(await verify(t.app, token)).toBe(false);
  });

  it("ends every admin session, the caller's too, on logout-all", async () => {
    const first = await adminHeaders(t);
    const second = await adminHeaders(t);
    const other = await restartWith();
    expect((await other.inject({ method: 'POST', url: '/api/logout-all' })).statusCode).toBe(401);
    expect(await verify(t.app, second.authorization.slice(7))).toBe(true);
    const ended = await t.app.inject({ method: 'POST', url: '/api/logout-all', headers: first });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ok: true });
    for (const headers of [first, second]) {
      expect((await t.app.inject({ url: '/api/next-id', headers })).statusCode).toBe(401);
      expect((await other.inject({ url: '/api/next-id', headers })).statusCode).toBe(401);
    }
    expect(await t.handle.db.selectFrom('admin_sessions').select('token_hash').execute()).toEqual([]);
    await other.close();
  });

  it('lets no more than 5 guesses through when they arrive all at once', async () => {
    const address = '10.0.0.9';
    const answers = await Promise.all(Array.from({ length: 12 }, () => login('guess', address)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(8);
    // Every password that was actually compared left a row: never more than the limit.
    const checked = await t.handle.db
      .selectFrom('login_failures')
      .select('attempt_id')
      .where('address', '=', address)
      .execute();
    expect(checked.length).toBeLessThanOrEqual(5);
  });

  it('ends a session on logout', async () => {
    const headers = await adminHeaders(t);
    expect((await t.app.inject({ url: '/api/next-id', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers })).json()).toEqual({
      ok: true,
    });
    expect((await t.app.inject({ url: '/api/next-id', headers })).statusCode).toBe(401);
  });

  it('ends the session of a token sent in the body, and no other', async () => {
    const sent = await adminHeaders(t);
    const kept = await adminHeaders(t);
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { token: sent.authorization.slice('Bearer '.length) },
    });
    expect({ status: ended.statusCode, body: ended.json() }).toEqual({ status: 200, body: { ok: true } });
    expect((await t.app.inject({ url: '/api/next-id', headers: sent })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/next-id', headers: kept })).statusCode).toBe(200);
  });

  it('answers a logout that names no token with a 400 sentence, and ends nothing', async () => {
    const kept = await adminHeaders(t);
    const sessions = await t.handle.db.selectFrom('admin_sessions').select('token_hash').execute();
    const none =
      'Send the admin token to end: in the Authorization header (Bearer) or as "token" in the body.';
    for (const payload of [undefined, {}, { token: '' }]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        ...(payload ? { payload } : {}),
      });
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 400,
        body: { error: none },
      });
    }
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/logout', payload: { token: 5 } });
    expect({ status: wrongType.statusCode, body: wrongType.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid field "token": must be text.' },
    });
    expect(await t.handle.db.selectFrom('admin_sessions').select('token_hash').execute()).toEqual(sessions);
    expect((await t.app.inject({ url: '/api/next-id', headers: kept })).statusCode).toBe(200);
  });

  it('lets an address in again once its failures are older than 15 minutes', async () => {
    const address = '10.0.0.4';
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    for (let i = 0; i < 5; i += 1)
      await recordLoginAttempt(t.handle.db, `old-${i}`, address, sixteenMinutesAgo);
    expect((await login(TEST_ADMIN_PASSWORD, address)).statusCode).toBe(200);
  });

  it.each(ADMIN_CALLS)('refuses %s %s without an admin token', async (method, url) => {
    const anonymous = await t.app.inject({ method: method as 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Admin login required.' });
    const forged = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: 'Bearer forged-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('guards every API route that is not on the public list', async () => {
    const PUBLIC = new Set([
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/config',
      'GET /api/catalog',
      'GET /api/catalog/overview',
      'GET /api/products',
      'GET /api/products/:id',
      'POST /api/products/:id/view',
      'POST /api/products/:id/click',
      'GET /api/images/:folder/:id/:file',
      'POST /api/login',
      'POST /api/logout',
      'POST /api/verify-token',
      'POST /api/auth/google',
      'POST /api/auth/demo',
      // Signs in as SELLER_USER_ID where the demo sign-in is on (buyers.test covers when it answers).
      'POST /api/auth/demo/seller',
      // Ends the buyer session its bearer token names; without one it answers 400 (sign-out.test).
      'POST /api/auth/logout',
      // A payment provider proves its callbacks by signing the body (its signature header), not with a token.
      ...REGISTERED_PROVIDERS.flatMap((provider) =>
        provider.callback ? [`POST ${provider.callback.path}`] : [],
      ),
      // The API reference describes calls; it grants nothing.
      'GET /api/openapi.json',
      'GET /api/docs',
      'GET /api/docs/',
      'GET /api/docs/static/index.html',
      'GET /api/docs/static/swagger-initializer.js',
      'GET /api/docs/json',
      'GET /api/docs/yaml',
      'GET /api/docs/static/*',
      'GET /api/docs/*',
    ]);
    const routes: string[] = [];
    const app = await buildApp(t.app.deps, {
      serveClient: false,
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
      },
    });
    const guarded = routes.filter((route) => route.includes(' /api/') && !PUBLIC.has(route));
    expect(guarded.length).toBeGreaterThanOrEqual(ADMIN_CALLS.length);
    for (const route of guarded) {
      const [method, url] = route.split(' ') as [string, string];
      const concrete = url.replace(':shop', 'pc').replace(':id', '1').replace(':fileName', '1.webp');
      const response = await app.inject({ method: method as 'GET', url: concrete });
      expect(response.statusCode, route).toBe(401);
    }
    await app.close();
  });

  it('refuses an expired admin token', async () => {
    const headers = await adminHeaders(t);
    expect((await t.app.inject({ url: '/api/next-id', headers })).statusCode).toBe(200);
    await t.handle.db.updateTable('admin_sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    const expired = await t.app.inject({ url: '/api/next-id', headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toMatch(/expired/);
  });
});
