import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { BUYER_SESSION_DAYS, signSessionToken, verifySessionToken } from './session-token.js';

const SECRET = 'session-secret-for-unit-tests';
const user = { sub: 'buyer-1', name: 'Ada Buyer', email: 'ada@example.com', picture: '' };

/** Replaces the token's payload and keeps its signature, as an attacker editing auth_token would. */
function withPayload(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = { ...(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object), ...change };
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('buyer session token', () => {
  it('carries the user there and back, and expires after BUYER_SESSION_DAYS', async () => {
    const now = new Date('2025-03-01T12:00:00Z');
    const token = await signSessionToken(SECRET, user, now);
    expect(await verifySessionToken(SECRET, token, now)).toEqual(user);
    // The client decodes it as docs/product.md describes decoding Google's credential: the profile sits in the payload.
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: user.sub, name: user.name, email: user.email, picture: '' });
    expect(claims.exp! - claims.iat!).toBe(BUYER_SESSION_DAYS * 86_400);
  });

  it('refuses a token past its expiry', async () => {
    const signedAt = new Date('2025-03-01T12:00:00Z');
    const token = await signSessionToken(SECRET, user, signedAt);
    const justBefore = new Date(signedAt.getTime() + BUYER_SESSION_DAYS * 86_400_000 - 1000);
    const after = new Date(signedAt.getTime() + BUYER_SESSION_DAYS * 86_400_000 + 1000);
    expect(await verifySessionToken(SECRET, token, justBefore)).toEqual(user);
    expect(await verifySessionToken(SECRET, token, after)).toBeUndefined();
  });

  it('refuses a token whose payload was altered', async () => {
    const token = await signSessionToken(SECRET, user);
    expect(await verifySessionToken(SECRET, withPayload(token, { sub: 'someone-else' }))).toBeUndefined();
    expect(await verifySessionToken(SECRET, withPayload(token, { exp: 4_102_444_800 }))).toBeUndefined();
    const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect(await verifySessionToken(SECRET, flipped)).toBeUndefined();
  });

  it('refuses a token signed with another secret, or signed with the raw secret instead of the derived key', async () => {
    const other = await signSessionToken('another-secret', user);
    expect(await verifySessionToken(SECRET, other)).toBeUndefined();
    const rawKey = await new SignJWT({ name: user.name, email: user.email, picture: '' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.sub)
      .setIssuer('storefront')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifySessionToken(SECRET, rawKey)).toBeUndefined();
  });

  it('refuses an unsigned token, garbage, and an oversized token', async () => {
    const unsigned = new UnsecuredJWT({ name: user.name, email: user.email })
      .setSubject(user.sub)
      .setIssuer('storefront')
      .setExpirationTime('1h')
      .encode();
    expect(await verifySessionToken(SECRET, unsigned)).toBeUndefined();
    expect(await verifySessionToken(SECRET, 'not.a.token')).toBeUndefined();
    expect(await verifySessionToken(SECRET, '')).toBeUndefined();
    const huge = await signSessionToken(SECRET, { ...user, name: 'x'.repeat(5000) });
    expect(await verifySessionToken(SECRET, huge)).toBeUndefined();
  });
});
