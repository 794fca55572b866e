import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  SignJWT,
  UnsecuredJWT,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/error-handler.js';
import { addProduct } from '../../test/fixtures.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  listen,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { type ChatClient, connect, next } from '../chat/socket-test-kit.js';
import { GOOGLE_SIGN_IN_FAILED, GOOGLE_UNAVAILABLE } from './google.js';
import { assertOwnGoogleId, currentBuyer, requireBuyer, SIGN_IN_REQUIRED } from './require-buyer.js';
import { DEMO_GOOGLE_ID_REFUSAL, DEMO_PRIVILEGED_REFUSAL, demoSubFor } from './service.js';
import { signSessionToken, verifySessionToken } from './session-token.js';

const CLIENT_ID = 'storefront-test.apps.googleusercontent.com';

const userRows = (t: TestApp) => t.handle.db.selectFrom('users').selectAll().orderBy('id').execute();

/** A stand-in for https://www.googleapis.com/oauth2/v3/certs: a key set served over local HTTP. */
interface LocalKeySet {
  url: string;
  /** How many times the key set was fetched. */
  fetches: number;
  close(): Promise<void>;
}

async function serveKeySet(respond: (res: http.ServerResponse) => void): Promise<LocalKeySet> {
  const state = { fetches: 0 };
  const server = http.createServer((_req, res) => {
    state.fetches += 1;
    respond(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    get fetches() {
      return state.fetches;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(TEST_DIALECTS)('demo sign-in on %s', (dialect) => {
  let t: TestApp;
  const demo = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/demo', payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp(dialect, { SELLER_USER_ID: 'demo-seller', ADMIN_USER_IDS: 'boss-1, boss-2' });
  });
  afterAll(() => t.close());

  it("tells the client the sign-in mode and the admin ids, but never the seller's id (issue 33)", async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.json()).toMatchObject({
      signInMode: 'demo',
      googleClientId: null,
      adminUserIds: ['boss-1', 'boss-2'],
      sellerSignIn: true,
    });
    expect(response.json()).not.toHaveProperty('sellerUserId');
    expect(response.body).not.toContain('demo-seller');
  });

  it('tells only the signed-in seller that they are the seller (GET /api/account/role)', async () => {
    const role = async (sub: string) =>
      (await t.app.inject({ url: '/api/account/role', headers: await buyerHeaders(t, { sub }) })).json();
    expect(await role('demo-seller')).toEqual({ seller: true });
    expect(await role('just-a-buyer')).toEqual({ seller: false });
    expect((await t.app.inject({ url: '/api/account/role' })).statusCode).toBe(401);
  });

  it('signs in by name and e-mail, stores the user and answers a session token naming them', async () => {
    const response = await demo({ name: '  Ada Buyer ', email: 'Ada@Example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, user } = response.json();
    const sub = demoSubFor('ada@example.com');
    expect(sub).toMatch(/^demo-[0-9a-f]{16}$/);
    expect(user).toEqual({ sub, name: 'Ada Buyer', email: 'Ada@Example.com', picture: '' });
    expect(await verifySessionToken(t.app.deps.secrets.sessionSecret, token)).toEqual(user);
    const [row] = (await userRows(t)).filter((r) => r.id === sub);
    expect(row).toMatchObject({ id: sub, name: 'Ada Buyer', email: 'Ada@Example.com', picture: '' });
  });

  it('signs the same e-mail in as the same user, keeping one row with the latest name', async () => {
    const first = (await demo({ name: 'Bea', email: 'bea@example.com' })).json();
    const again = await demo({ name: 'Beatrice', email: 'BEA@example.COM' });
    expect(again.json().user.sub).toBe(first.user.sub);
    const rows = (await userRows(t)).filter((r) => r.id === first.user.sub);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Beatrice', email: 'BEA@example.COM' });
    expect(rows[0]!.created_at <= rows[0]!.updated_at).toBe(true);
  });

  it('signs in as an explicit sub, so SELLER_USER_ID can name a demo user', async () => {
    const response = await demo({ name: 'The Seller', email: 'seller@example.com', sub: 'demo-seller' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.sub).toBe('demo-seller');
    const headers = await buyerHeaders(t, { sub: 'demo-seller' });
    const token = headers.authorization.replace('Bearer ', '');
    expect(await verifySessionToken(t.app.deps.secrets.sessionSecret, token)).toMatchObject({
      sub: 'demo-seller',
      name: 'Buyer demo-seller',
    });
    expect((await userRows(t)).filter((r) => r.id === 'demo-seller')).toHaveLength(1);
  });

  it.each([
    ['no body', undefined, /body|field/i],
    ['a missing name', { email: 'x@example.com' }, /"name": is required/],
    ['an empty name', { name: '   ', email: 'x@example.com' }, /"name": must not be empty/],
    ['a name that is not text', { name: 42, email: 'x@example.com' }, /"name": must be text/],
    ['a name too long', { name: 'n'.repeat(101), email: 'x@example.com' }, /"name": must be at most 100/],
    ['a NUL in the name', { name: 'Ada\u0000', email: 'x@example.com' }, /"name"/],
    ['a lone surrogate in the name', { name: 'Ada\uD800', email: 'x@example.com' }, /"name"/],
    ['a missing e-mail', { name: 'Ada' }, /"email"/],
    ['a bad e-mail', { name: 'Ada', email: 'not-an-address' }, /"email": must be an e-mail address/],
    ['a NUL in the e-mail', { name: 'Ada', email: 'x\u0000@example.com' }, /"email"/],
    ['a sub with odd characters', { name: 'Ada', email: 'x@example.com', sub: 'a b/c' }, /"sub"/],
    ['a NUL in the sub', { name: 'Ada', email: 'x@example.com', sub: 'a\u0000' }, /"sub"/],
    ['a sub too long', { name: 'Ada', email: 'x@example.com', sub: 's'.repeat(256) }, /"sub"/],
  ])('refuses %s with a sentence and stores nothing', async (_label, payload, message) => {
    const before = await userRows(t);
    const response = await demo(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
    expect(await userRows(t)).toEqual(before);
  });

  it('refuses malformed JSON with a sentence', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/JSON/);
  });

  it('says Google sign-in is not configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { credential: 'a.b.c' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/Google sign-in is not configured/);
  });
});

describe.each(TEST_DIALECTS)("'Sign in as the seller' on %s", (dialect) => {
  const SELLER = 'demo-seller-7';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { SELLER_USER_ID: SELLER, NODE_ENV: 'development' });
    await addProduct(t.handle.db, 'ayz', 101, { title: 'Open-box laptop' });
  });
  afterAll(() => t.close());

  it('is offered in development with the demo sign-in on and a seller named', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({ sellerSignIn: true });
  });

  it("signs in as SELLER_USER_ID without the browser naming it, and that session is the seller's", async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/demo/seller' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, user } = response.json();
    expect(user).toEqual({ sub: SELLER, name: 'The seller', email: 'seller@example.com', picture: '' });
    expect(await verifySessionToken(t.app.deps.secrets.sessionSecret, token)).toEqual(user);

    // The seller's side: a buyer's chat is in the seller's list and opens for the seller, not for another buyer.
    const buyer = await buyerHeaders(t, { sub: 'buyer-ann', name: 'Ann' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: buyer,
      payload: { productId: 101, title: 'Q', buyer_name: 'Ann', store: 'ayz', buyerGoogleId: 'buyer-ann' },
    });
    expect(started.statusCode).toBe(200);
    const chatId = started.json().id as number;
    const url = await listen(t.app);
    const sockets = [
      await connect(url, { token: buyer.authorization.slice('Bearer '.length) }),
      await connect(url, { token }),
      await connect(url, {
        token: (await buyerHeaders(t, { sub: 'buyer-bob' })).authorization.slice('Bearer '.length),
      }),
    ];
    const [ann, seller, bob] = sockets as [ChatClient, ChatClient, ChatClient];
    try {
      const sent = await ann.emitWithAck('sendMessage', {
        chatId,
        senderGoogleId: 'buyer-ann',
        content: 'Is the charger included?',
        images: [],
      });
      expect(sent.ok).toBe(true);
      const list = next(seller, 'chatsList');
      seller.emit('getChats', { participantId: SELLER });
      expect((await list).map((chat) => [chat.id, chat.buyer_name])).toEqual([[chatId, 'Ann']]);
      const history = next(seller, 'chatHistory');
      seller.emit('joinChat', { chatId });
      expect((await history).messages.map((message) => message.content)).toEqual([
        'Is the charger included?',
      ]);
      const bobs = next(bob, 'chatsList');
      bob.emit('getChats', { participantId: 'buyer-bob' });
      expect(await bobs).toEqual([]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

/**
 * Issue 33: with NODE_ENV=production and ALLOW_DEMO_SIGN_IN=true, POST /api/auth/demo with the seller's id
 * as `sub` signed in as the seller (every buyer's chats, replies as the seller). The demo sign-in now
 * refuses the seller's and the admins' ids wherever 'Sign in as the seller' is not allowed.
 */
describe.each(TEST_DIALECTS)("the demo sign-in and the seller's and admins' ids, on %s", (dialect) => {
  const SELLER = 'seller-prod';
  const ADMINS = 'boss-a,boss-b';
  const PUBLIC_DEMO = {
    NODE_ENV: 'production',
    ALLOW_DEMO_SIGN_IN: 'true',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    SELLER_USER_ID: SELLER,
    ADMIN_USER_IDS: ADMINS,
  };
  const demo = (t: TestApp, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/demo', payload });

  it.each([
    ["the seller's id", { sub: SELLER }, DEMO_PRIVILEGED_REFUSAL],
    ['an admin id', { sub: 'boss-b' }, DEMO_PRIVILEGED_REFUSAL],
    ['a Google account id', { sub: '109876543210987654321' }, DEMO_GOOGLE_ID_REFUSAL],
  ])('in production refuses %s with 403 and a sentence, writing nothing', async (_label, named, sentence) => {
    const t = await createTestApp(dialect, PUBLIC_DEMO);
    try {
      const response = await demo(t, { name: 'Mallory', email: 'mallory@example.com', ...named });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 403,
        body: { error: sentence },
      });
      expect(await userRows(t)).toEqual([]);
      // A buyer of their own is still welcome, and /api/config names no seller.
      expect((await demo(t, { name: 'Mallory', email: 'mallory@example.com' })).statusCode).toBe(200);
      const config = await t.app.inject({ url: '/api/config' });
      expect(config.body).not.toContain(SELLER);
    } finally {
      await t.close();
    }
  });

  it('in production refuses a seller whose id the e-mail itself derives', async () => {
    const derived = demoSubFor('seller@shop.example');
    const t = await createTestApp(dialect, { ...PUBLIC_DEMO, SELLER_USER_ID: derived });
    try {
      const response = await demo(t, { name: 'Seller?', email: 'Seller@Shop.example' });
      expect(response.statusCode).toBe(403);
      expect(await userRows(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("outside production signs in as the seller's and an admin's id, to try those sides", async () => {
    const t = await createTestApp(dialect, { SELLER_USER_ID: SELLER, ADMIN_USER_IDS: ADMINS });
    try {
      for (const sub of [SELLER, 'boss-a', '109876543210987654321']) {
        const response = await demo(t, { name: 'Dev', email: 'dev@example.com', sub });
        expect(response.statusCode).toBe(200);
        expect(response.json().user.sub).toBe(sub);
      }
    } finally {
      await t.close();
    }
  });
});

describe.each(TEST_DIALECTS)("'Sign in as the seller' where it is off, on %s", (dialect) => {
  it.each([
    [
      'with Google sign-in',
      { SELLER_USER_ID: 'seller-x', GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' },
      'Demo sign-in is off on this server; sign in with Google.',
    ],
    [
      'in production, even a public demo',
      {
        SELLER_USER_ID: 'seller-x',
        NODE_ENV: 'production',
        ALLOW_DEMO_SIGN_IN: 'true',
        ALLOW_SANDBOX_PAYMENTS: 'true',
      },
      'Signing in as the seller is offered only in development.',
    ],
    [
      'without SELLER_USER_ID',
      {},
      "There is no seller to sign in as: set SELLER_USER_ID to try the seller's side.",
    ],
  ])(
    '%s: not offered, and the route answers 404 with the reason, signing nobody in',
    async (_label, env, sentence) => {
      const t = await createTestApp(dialect, env);
      try {
        expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({ sellerSignIn: false });
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/demo/seller' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: sentence });
        expect(await userRows(t)).toEqual([]);
      } finally {
        await t.close();
      }
    },
  );
});

describe.each(TEST_DIALECTS)('Google sign-in on %s', (dialect) => {
  let t: TestApp;
  let keySet: LocalKeySet;
  let googleKey: CryptoKey;
  let strangerKey: CryptoKey;
  let googlePublicPem: string;
  const google = (credential: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { credential } });

  /** A token shaped like Google's ID token; `change` overrides any claim, `options` how it is signed. */
  async function idToken(
    change: JWTPayload = {},
    options: { key?: CryptoKey; kid?: string } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = {
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      sub: '109876543210987654321',
      email: 'grace@example.com',
      email_verified: true,
      name: 'Grace Hopper',
      picture: 'https://lh3.googleusercontent.com/a/grace',
      iat: now,
      exp: now + 3600,
      ...change,
    };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'google-1', typ: 'JWT' })
      .sign(options.key ?? googleKey);
  }

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    googleKey = pair.privateKey;
    googlePublicPem = await exportSPKI(pair.publicKey);
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
    keySet = await serveKeySet((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    t = await createTestApp(dialect, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: keySet.url });
  });
  afterAll(async () => {
    await t.close();
    await keySet.close();
  });

  it('tells the client to show the Google button', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.json()).toMatchObject({ signInMode: 'google', googleClientId: CLIENT_ID });
  });

  it('signs in with a good token, upserting the user by sub', async () => {
    const response = await google(await idToken());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, user } = response.json();
    expect(user).toEqual({
      sub: '109876543210987654321',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      picture: 'https://lh3.googleusercontent.com/a/grace',
    });
    expect(await verifySessionToken(t.app.deps.secrets.sessionSecret, token)).toEqual(user);

    // Google's other spelling of the issuer; a changed profile replaces the stored one.
    const again = await google(await idToken({ iss: 'accounts.google.com', name: 'Grace B. Hopper' }));
    expect(again.statusCode).toBe(200);
    const rows = (await userRows(t)).filter((row) => row.id === '109876543210987654321');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Grace B. Hopper', email: 'grace@example.com' });
  });

  it('keeps one key set per app: sign-ins reuse the fetched keys', async () => {
    await google(await idToken({ sub: 'warm-up' }));
    const before = keySet.fetches;
    for (const sub of ['one', 'two', 'three'])
      expect((await google(await idToken({ sub }))).statusCode).toBe(200);
    expect(keySet.fetches).toBe(before);
  });

  it('falls back to the e-mail for a missing name and drops a picture that is not https', async () => {
    const response = await google(
      await idToken({ sub: 'no-name', name: undefined, picture: 'javascript:alert(1)' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'grace@example.com', picture: '' });
  });

  it('issues a session token the server accepts even for the longest profile Google could send', async () => {
    const profile = {
      sub: '9'.repeat(255),
      email: `${'€'.repeat(242)}@example.com`,
      name: `\u0001 ${'😀'.repeat(400)}`,
      picture: `https://lh3.googleusercontent.com/${'a'.repeat(1024 - 34)}`,
    };
    const response = await google(await idToken(profile));
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json();
    expect(user).toEqual({ ...profile, name: '😀'.repeat(100) });
    expect(await verifySessionToken(t.app.deps.secrets.sessionSecret, token)).toEqual(user);
  });

  it.each<[string, () => Promise<string>]>([
    ['another audience', () => idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', () => idToken({ iss: 'https://evil.example.com' })],
    ['an expired token', () => idToken({ iat: 1_600_000_000, exp: 1_600_003_600 })],
    ['a token without exp', () => idToken({ exp: undefined })],
    ['a token not valid yet', () => idToken({ nbf: Math.floor(Date.now() / 1000) + 3600 })],
    ['a signature by another key under Google’s kid', () => idToken({}, { key: strangerKey })],
    ['a signature by a key Google does not have', () => idToken({}, { key: strangerKey, kid: 'stranger' })],
    [
      'an altered payload',
      async () => {
        const [header, payload, signature] = (await idToken()).split('.') as [string, string, string];
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JWTPayload;
        const altered = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
        return `${header}.${altered}.${signature}`;
      },
    ],
    [
      'alg none',
      async () =>
        new UnsecuredJWT({ email: 'grace@example.com' })
          .setIssuer('https://accounts.google.com')
          .setAudience(CLIENT_ID)
          .setSubject('unsigned')
          .setExpirationTime('1h')
          .encode(),
    ],
    [
      'HS256 keyed with Google’s public key',
      async () =>
        new SignJWT({ email: 'grace@example.com' })
          .setProtectedHeader({ alg: 'HS256', kid: 'google-1' })
          .setIssuer('https://accounts.google.com')
          .setAudience(CLIENT_ID)
          .setSubject('hmac')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(googlePublicPem)),
    ],
    ['a token without an e-mail', () => idToken({ sub: 'no-email', email: undefined })],
    ['a sub with a NUL', () => idToken({ sub: 'nul\u0000sub' })],
    ['a sub that is not printable ASCII', () => idToken({ sub: 'sub with spaces' })],
    ['an e-mail with a control character', () => idToken({ sub: 'ctl', email: 'a\u0001@example.com' })],
    [
      'an e-mail longer than an address can be',
      () => idToken({ sub: 'long', email: `${'a'.repeat(243)}@example.com` }),
    ],
    ['a sub longer than a user id', () => idToken({ sub: '1'.repeat(256) })],
    [
      'our own session token',
      () =>
        signSessionToken(t.app.deps.secrets.sessionSecret, {
          sub: 'x',
          name: 'x',
          email: 'x@example.com',
          picture: '',
        }),
    ],
    ['garbage', async () => 'not-a-jwt'],
  ])('refuses %s with 401 and stores nothing', async (_label, makeToken) => {
    const before = await userRows(t);
    const response = await google(await makeToken());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: GOOGLE_SIGN_IN_FAILED });
    expect(await userRows(t)).toEqual(before);
  });

  it('refuses a missing or oversized credential with a sentence', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/"credential": is required/);
    const huge = await google('x'.repeat(9000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toMatch(/"credential"/);
  });

  it('refuses the demo sign-in, which would let anyone claim any account', async () => {
    const before = await userRows(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      payload: { name: 'Mallory', email: 'm@example.com', sub: '109876543210987654321' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/Demo sign-in is off/);
    expect(await userRows(t)).toEqual(before);
  });
});

describe.each(TEST_DIALECTS)('Google key set unavailable on %s', (dialect) => {
  it.each<[string, (res: http.ServerResponse) => void]>([
    ['answers 500', (res) => res.writeHead(500).end('down')],
    ['answers something that is not JSON', (res) => res.writeHead(200).end('<html>')],
    ['answers JSON that is not a key set', (res) => res.writeHead(200).end('{"keys": 5}')],
  ])('answers 502 when the key set %s, and stores nothing', async (_label, respond) => {
    const keySet = await serveKeySet(respond);
    const t = await createTestApp(dialect, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: keySet.url });
    try {
      const { privateKey } = await generateKeyPair('RS256');
      const token = await new SignJWT({ email: 'g@example.com' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k' })
        .setIssuer('https://accounts.google.com')
        .setAudience(CLIENT_ID)
        .setSubject('s')
        .setExpirationTime('1h')
        .sign(privateKey);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { credential: token },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: GOOGLE_UNAVAILABLE });
      expect(keySet.fetches).toBeGreaterThan(0);
      expect(await userRows(t)).toEqual([]);
    } finally {
      await t.close();
      await keySet.close();
    }
  });

  it('answers 502 when nothing listens at GOOGLE_JWKS_URL', async () => {
    const keySet = await serveKeySet((res) => res.end());
    await keySet.close();
    const t = await createTestApp(dialect, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: keySet.url });
    try {
      const { privateKey } = await generateKeyPair('RS256');
      const token = await new SignJWT({ email: 'g@example.com' })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer('https://accounts.google.com')
        .setAudience(CLIENT_ID)
        .setSubject('s')
        .setExpirationTime('1h')
        .sign(privateKey);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { credential: token },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: GOOGLE_UNAVAILABLE });
    } finally {
      await t.close();
    }
  });
});

describe.each(TEST_DIALECTS)('requireBuyer on %s', (dialect) => {
  let t: TestApp;
  /** A tiny app with one route behind the hook, so the hook is tested apart from any buyer feature. */
  let probe: FastifyInstance;
  let secret: string;
  const who = (authorization?: string, url = '/who') =>
    probe.inject({ url, headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    secret = t.app.deps.secrets.sessionSecret;
    probe = Fastify();
    probe.decorate('deps', t.app.deps);
    registerErrorHandler(probe);
    await probe.register(async (scope) => {
      requireBuyer(scope);
      scope.get('/who', async (request) => currentBuyer(request));
      scope.get<{ Params: { id: string } }>('/who/:id', async (request) =>
        assertOwnGoogleId(request, request.params.id),
      );
    });
    await probe.ready();
  });
  afterAll(async () => {
    await probe.close();
    await t.close();
  });

  it('lets a signed-in buyer through as themselves', async () => {
    const headers = await buyerHeaders(t, { sub: 'buyer-a', name: 'Ann', email: 'ann@example.com' });
    const response = await who(headers.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sub: 'buyer-a', name: 'Ann', email: 'ann@example.com', picture: '' });
    expect((await who(headers.authorization, '/who/buyer-a')).statusCode).toBe(200);
  });

  it('answers 403 for a google id that is not the caller’s', async () => {
    const headers = await buyerHeaders(t, { sub: 'buyer-a' });
    const response = await who(headers.authorization, '/who/buyer-b');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'That account is not yours.' });
  });

  it.each<[string, () => Promise<string | undefined>]>([
    ['no Authorization header', async () => undefined],
    ['an empty bearer', async () => 'Bearer '],
    ['another scheme', async () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['garbage', async () => 'Bearer not-a-token'],
    [
      'a token signed with another secret',
      async () => `Bearer ${await signSessionToken('other-secret', user())}`,
    ],
    [
      'an expired token',
      async () => `Bearer ${await signSessionToken(secret, user(), new Date(Date.now() - 30 * 86_400_000))}`,
    ],
    [
      'a token whose sub was changed',
      async () => {
        const [header, , signature] = (await signSessionToken(secret, user())).split('.');
        const payload = Buffer.from(
          JSON.stringify({
            sub: 'victim',
            name: 'V',
            email: 'v@example.com',
            iss: 'storefront',
            exp: 4_102_444_800,
          }),
        ).toString('base64url');
        return `Bearer ${header}.${payload}.${signature}`;
      },
    ],
    ['an admin token', async () => (await adminHeaders(t)).authorization],
  ])('answers 401 for %s', async (_label, authorization) => {
    const response = await who(await authorization());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: SIGN_IN_REQUIRED });
  });

  it('guards the real buyer routes with the same hook', async () => {
    const headers = await buyerHeaders(t, { sub: 'buyer-c' });
    expect((await t.app.inject({ url: '/api/cart/buyer-c' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/cart/buyer-c', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/cart/buyer-a', headers })).statusCode).toBe(403);
  });
});

function user() {
  return { sub: 'buyer-a', name: 'Ann', email: 'ann@example.com', picture: '' };
}
