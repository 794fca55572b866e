/**
 * Buyer sign-out (issue 33): POST /api/auth/logout ends the session token on the server. Before, a token
 * kept working for BUYER_SESSION_DAYS after the browser forgot it: cart calls, purchases and chat sockets.
 */
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '../../secrets.js';
import { addProduct } from '../../test/fixtures.js';
import { buyerHeaders, createTestApp, listen, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { type ChatClient, connect } from '../chat/socket-test-kit.js';
import { SIGN_IN_REQUIRED } from './require-buyer.js';
import { verifySession } from './session-token.js';
import { NO_TOKEN_TO_END, purgeRevocations } from './sign-out.js';

describe.each(TEST_DIALECTS)('buyer sign-out on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  const open: ChatClient[] = [];
  const logout = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
  const tokenOf = (headers: { authorization: string }) => headers.authorization.slice('Bearer '.length);
  const cart = (headers: Record<string, string>, sub: string) =>
    t.app.inject({ url: `/api/cart/${sub}`, headers });
  const purchases = (headers: Record<string, string>, sub: string) =>
    t.app.inject({ url: `/api/my-purchases/${sub}`, headers });
  const socket = async (token: string) => {
    const client = await connect(url, { token });
    open.push(client);
    return client;
  };
  const revocations = () =>
    t.handle.db.selectFrom('buyer_token_revocations').selectAll().orderBy('jti').execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { SELLER_USER_ID: 'seller-s' });
    await addProduct(t.handle.db, 'ayz', 51, { title: 'Open-box phone' });
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(() => t.close());

  it('ends the token at once: cart and purchases answer 401, its socket is closed and a new one refused', async () => {
    const headers = await buyerHeaders(t, { sub: 'leaver' });
    const kept = await buyerHeaders(t, { sub: 'leaver' }); // the same buyer's other sign-in (another browser)
    expect((await cart(headers, 'leaver')).statusCode).toBe(200);
    expect((await purchases(headers, 'leaver')).statusCode).toBe(200);
    const live = await socket(tokenOf(headers));
    const other = await socket(tokenOf(kept));
    const closed = new Promise<string>((resolve) => live.once('disconnect', resolve));

    const answer = await logout(headers);
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 200, body: { ok: true } });

    expect(await closed).toBe('io server disconnect');
    for (const refused of [await cart(headers, 'leaver'), await purchases(headers, 'leaver')]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: SIGN_IN_REQUIRED });
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="buyer", error="invalid_token"');
    }
    await expect(socket(tokenOf(headers))).rejects.toThrow('unauthorized');
    // Only that session: the same buyer's other sign-in goes on, its socket too.
    expect((await cart(kept, 'leaver')).statusCode).toBe(200);
    expect(other.connected).toBe(true);
    const [row] = (await revocations()).filter((r) => r.user_id === 'leaver');
    const session = await verifySession(t.app.deps.secrets.sessionSecret, tokenOf(headers));
    expect(row).toMatchObject({ jti: session!.sessionId, expires_at: session!.expiresAt.toISOString() });
  });

  it('answers 200 to a second sign-out, and to a token that opens no session, changing nothing', async () => {
    const headers = await buyerHeaders(t, { sub: 'twice' });
    expect((await logout(headers)).statusCode).toBe(200);
    const before = await revocations();
    const again = await logout(headers);
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: { ok: true } });
    const forged = await logout({ authorization: 'Bearer not.a.token' });
    expect(forged.statusCode).toBe(200);
    expect(await revocations()).toEqual(before);
  });

  it('refuses a sign-out without a token with a sentence, ending nothing', async () => {
    const kept = await buyerHeaders(t, { sub: 'stayer' });
    const before = await revocations();
    const tokenless: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer ' },
    ];
    for (const headers of tokenless) {
      const answer = await logout(headers);
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 400,
        body: { error: NO_TOKEN_TO_END },
      });
    }
    expect(await revocations()).toEqual(before);
    expect((await cart(kept, 'stayer')).statusCode).toBe(200);
  });

  it('still takes a token signed before tokens carried a jti, and ends it on sign-out', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({ name: 'Old Timer', email: 'old@example.com', picture: '' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('old-timer')
      .setIssuer('storefront')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new Uint8Array(deriveKey(t.app.deps.secrets.sessionSecret, 'buyer-session')));
    const headers = { authorization: `Bearer ${old}` };
    expect((await cart(headers, 'old-timer')).statusCode).toBe(200);
    const live = await socket(old);
    const closed = new Promise<string>((resolve) => live.once('disconnect', resolve));
    expect((await logout(headers)).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await cart(headers, 'old-timer')).statusCode).toBe(401);
    expect((await revocations()).find((r) => r.user_id === 'old-timer')?.jti).toMatch(
      /^sha256:[0-9a-f]{64}$/,
    );
  });

  it('purges only the revocations of tokens that have run out', async () => {
    const rows = [
      { jti: 'purge-past', expires_at: '2020-01-01T00:00:00.000Z' },
      { jti: 'purge-now', expires_at: '2030-01-01T00:00:00.000Z' },
      { jti: 'purge-future', expires_at: '2030-01-01T00:00:00.001Z' },
    ];
    await t.handle.db
      .insertInto('buyer_token_revocations')
      .values(rows.map((row) => ({ ...row, user_id: 'purged', revoked_at: '2019-12-31T00:00:00.000Z' })))
      .execute();
    const others = (await revocations()).filter((r) => r.user_id !== 'purged');
    expect(await purgeRevocations(t.handle.db, new Date('2030-01-01T00:00:00.000Z'))).toBe(
      2 + others.filter((r) => r.expires_at <= '2030-01-01T00:00:00.000Z').length,
    );
    const left = (await revocations()).map((r) => r.jti).sort();
    const kept = others.filter((r) => r.expires_at > '2030-01-01T00:00:00.000Z').map((r) => r.jti);
    expect(left).toEqual(['purge-future', ...kept].sort());
  });
});
