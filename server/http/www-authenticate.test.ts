/**
 * Every 401 says how to authenticate (RFC 9110 §15.5.2), in RFC 6750's Bearer words: the realm whose
 * token opens the route, and error="invalid_token" only when a token came and was refused. The routes
 * are listed from the app itself, so a guarded route added later is checked without touching this file.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, adminHeaders, TEST_DIALECTS, type TestApp } from '../test/harness.js';

const REALM_OF_SCHEME: Record<string, string> = { buyerBearer: 'buyer', adminBearer: 'admin' };

interface GuardedRoute {
  method: string;
  url: string;
  realms: string[];
}

/** The realms a route's documented security names (written by the auth hooks themselves). */
function realmsOf(route: RouteOptions): string[] {
  const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security ?? [];
  return security.flatMap((requirement) => Object.keys(requirement).map((key) => REALM_OF_SCHEME[key]!));
}

const challenge = (realms: string[], refused: boolean) =>
  realms.map((realm) => `Bearer realm="${realm}"${refused ? ', error="invalid_token"' : ''}`).join(', ');

describe.each(TEST_DIALECTS)('WWW-Authenticate on every 401 on %s', (dialect) => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  const guarded: GuardedRoute[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      // Never reached: a credential that is not a JWT is refused before any key is fetched.
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/keys',
      METRICS_ALLOW: '10.20.0.0/16',
    });
    app = await buildApp(t.app.deps, {
      serveClient: false,
      onRoute: (route) => {
        routes.push(route);
      },
    });
    await app.ready();
    // Read once all hooks have run: the auth hooks write the security after this app's own onRoute.
    for (const route of routes) {
      const realms = realmsOf(route);
      for (const method of [route.method].flat()) {
        if (realms.length > 0 && method !== 'HEAD') guarded.push({ method, url: route.url, realms });
      }
    }
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const concrete = (url: string) =>
    url
      .replace(':shop', 'pc')
      .replace(':fileName', '1.webp')
      .replace(/:[A-Za-z_]+/g, '1')
      .replace('*', 'x');

  const call = (route: GuardedRoute, authorization?: string) =>
    app.inject({
      method: route.method as 'GET',
      url: concrete(route.url),
      headers: authorization ? { authorization } : {},
    });

  it('finds the guarded routes of both realms', () => {
    const realms = new Set(guarded.flatMap((route) => route.realms));
    expect(realms).toEqual(new Set(['buyer', 'admin']));
    expect(guarded.length).toBeGreaterThan(20);
  });

  it('challenges a call without a token with a bare Bearer challenge of the route’s realms', async () => {
    for (const route of guarded) {
      const response = await call(route);
      const name = `${route.method} ${route.url}`;
      expect(response.statusCode, name).toBe(401);
      expect(response.headers['www-authenticate'], name).toBe(challenge(route.realms, false));
    }
  });

  it('says invalid_token when a token came and was refused', async () => {
    for (const route of guarded) {
      const response = await call(route, 'Bearer not-a-live-token');
      const name = `${route.method} ${route.url}`;
      expect(response.statusCode, name).toBe(401);
      expect(response.headers['www-authenticate'], name).toBe(challenge(route.realms, true));
    }
  });

  it('treats credentials of another scheme as no bearer token', async () => {
    const response = await app.inject({ url: '/api/next-id', headers: { authorization: 'Basic YTpi' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="admin"');
  });

  it('says invalid_token for an admin session that has expired', async () => {
    const headers = await adminHeaders(t);
    await t.handle.db.updateTable('admin_sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    const expired = await app.inject({ url: '/api/next-id', headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['www-authenticate']).toBe('Bearer realm="admin", error="invalid_token"');
  });

  it('challenges a metrics scrape from an unlisted address, with or without a token', async () => {
    const scrape = (headers: Record<string, string>) =>
      app.inject({ url: '/metrics', headers, remoteAddress: '203.0.113.9' });
    expect((await scrape({})).headers['www-authenticate']).toBe('Bearer realm="admin"');
    const refused = await scrape({ authorization: 'Bearer nope' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="admin", error="invalid_token"');
  });

  it('challenges a wrong admin password and a refused Google credential with their realm', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { password: 'not it' },
      remoteAddress: '10.77.0.1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="admin"');
    const google = await app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { credential: 'not-a-jwt' },
    });
    expect(google.statusCode).toBe(401);
    expect(google.headers['www-authenticate']).toBe('Bearer realm="buyer"');
  });

  it('sends no challenge with answers that are not 401', async () => {
    const admin = await adminHeaders(t);
    const allowed = await app.inject({ url: '/api/next-id?shop=pc', headers: admin });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['www-authenticate']).toBeUndefined();
    const missing = await app.inject({ url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['www-authenticate']).toBeUndefined();
  });
});
