import crypto from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SessionUser } from '../../../shared/schemas/buying.js';
import { deriveKey } from '../../secrets.js';

/** How long a buyer stays signed in before signing in again. */
export const BUYER_SESSION_DAYS = 7;
const ISSUER = 'storefront';

/**
 * The signing key is derived from SESSION_SECRET for this one purpose, so the same secret can key other
 * things (admin sessions, view hashes) without a token of one kind passing for another.
 */
function signingKey(sessionSecret: string): Uint8Array {
  return new Uint8Array(deriveKey(sessionSecret, 'buyer-session'));
}

/**
 * The app's own session token (docs/architecture.md §5): a JWT whose payload is the signed-in user, stored as
 * auth_token. Its `jti` (random, one per sign-in) names the session: sign-out revokes it by that id
 * (revocations.ts), and the chat sockets opened with it share a room by it.
 */
export async function signSessionToken(
  sessionSecret: string,
  user: SessionUser,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ name: user.name, email: user.email, picture: user.picture })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setJti(crypto.randomUUID())
    .setExpirationTime(issuedAt + BUYER_SESSION_DAYS * 86_400)
    .sign(signingKey(sessionSecret));
}

/** The user a session token names, or undefined when it is forged, altered, expired or not ours. */
export async function verifySessionToken(
  sessionSecret: string,
  token: string,
  now = new Date(),
): Promise<SessionUser | undefined> {
  return (await verifySession(sessionSecret, token, now))?.user;
}

/** A verified session token: its user, when it runs out, and the id sign-out revokes it by. */
export interface VerifiedSession {
  user: SessionUser;
  /** A long-lived connection (the chat socket) outlives the moment it was verified: it stops trusting it then. */
  expiresAt: Date;
  /**
   * The token's `jti`; for a token signed before tokens carried one (issue 33), `sha256:` and the token's
   * digest, so such a token still works until it runs out and its sign-out still ends it.
   */
  sessionId: string;
}

const legacySessionId = (token: string) =>
  `sha256:${crypto.createHash('sha256').update(token).digest('hex')}`;

/** The same check, with when the token runs out and the id of its session. */
export async function verifySession(
  sessionSecret: string,
  token: string,
  now = new Date(),
): Promise<VerifiedSession | undefined> {
  if (token.length > 4096) return undefined;
  try {
    const { payload } = await jwtVerify(token, signingKey(sessionSecret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const { sub, name, email, picture, exp, jti } = payload;
    if (typeof sub !== 'string' || typeof name !== 'string' || typeof email !== 'string') return undefined;
    if (typeof exp !== 'number') return undefined;
    return {
      user: { sub, name, email, picture: typeof picture === 'string' ? picture : '' },
      expiresAt: new Date(exp * 1000),
      sessionId: typeof jti === 'string' && jti !== '' && jti.length <= 64 ? jti : legacySessionId(token),
    };
  } catch {
    return undefined;
  }
}
