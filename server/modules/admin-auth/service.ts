import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ADMIN_SESSION_HOURS,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
} from '../../../shared/schemas/admin.js';
import { formatCountdown } from '../../../shared/rules/display.js';
import type { Database } from '../../db/types.js';
import { badRequest, HttpError, Unauthorized } from '../../http/errors.js';
import { deriveKey, type Secrets } from '../../secrets.js';
import { recordActivity } from '../activity/index.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/** What the admin session calls need: the database and the current credentials. */
export interface AdminAuthDeps {
  db: Db;
  secrets: Secrets;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

interface SessionKey {
  key: Buffer;
  /** A fingerprint of the key, stored with each session so other credentials' sessions can be deleted. */
  id: string;
}

const sessionKeys = new WeakMap<Secrets, SessionKey>();

/**
 * The key admin tokens are hashed under, made from SESSION_SECRET and ADMIN_PASSWORD together: after a
 * change of either, a token made before no longer matches any row, in every process sharing the
 * database and across restarts. scrypt rather than a plain HMAC, so the stored key_id is no fast
 * oracle for guessing the password even to someone holding the database and SESSION_SECRET.
 * Worked out once per set of secrets: N = 2^13 costs tens of milliseconds at start, not per request.
 */
export function adminSessionKey(secrets: Secrets): SessionKey {
  let sessionKey = sessionKeys.get(secrets);
  if (!sessionKey) {
    const salt = deriveKey(secrets.sessionSecret, 'admin-session');
    const key = crypto.scryptSync(secrets.adminPassword, salt, 32, { N: 2 ** 13 });
    const id = crypto.createHmac('sha256', key).update('key-id').digest('hex').slice(0, 32);
    sessionKey = { key, id };
    sessionKeys.set(secrets, sessionKey);
  }
  return sessionKey;
}

const tokenHash = (secrets: Secrets, token: string) =>
  crypto.createHmac('sha256', adminSessionKey(secrets).key).update(token).digest('hex');

/** Compares digests, so neither the length nor the content of the password leaks through timing. */
function passwordMatches(given: string, expected: string): boolean {
  return crypto.timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(expected), 'hex'));
}

function tooManyAttempts(failures: readonly string[], now: Date): HttpError {
  const oldest = new Date(failures[failures.length - LOGIN_MAX_FAILURES]!).getTime();
  const retryAfter = Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_SECONDS * 1000 - now.getTime()) / 1000));
  return new HttpError(429, `Too many login attempts. Please try again in ${formatCountdown(retryAfter)}`, {
    retryAfter,
  });
}

/**
 * Checks the shared admin password. The attempt is written down before the password is looked at, and
 * the decision is made on the count that includes it, so parallel guesses cannot all slip under the
 * limit. A blocked attempt is not kept (it would only stretch the block); the failure that reaches the
 * limit answers 429 at once, so the client starts its countdown.
 */
export async function login(
  { db, secrets }: AdminAuthDeps,
  address: string,
  password: string,
  now = new Date(),
): Promise<string> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_SECONDS * 1000).toISOString();
  const attemptId = crypto.randomBytes(12).toString('hex');
  await repo.recordLoginAttempt(db, attemptId, address, now.toISOString());
  const attempts = await repo.loginFailuresSince(db, address, windowStart);
  if (attempts.length > LOGIN_MAX_FAILURES) {
    await repo.deleteLoginAttempt(db, attemptId);
    throw tooManyAttempts(attempts.slice(0, LOGIN_MAX_FAILURES), now);
  }

  if (!passwordMatches(password, secrets.adminPassword)) {
    await repo.clearLoginFailures(db, address, windowStart);
    const at = now.toISOString();
    const signIn = { actor: signInActor(address), target: 'admin sign-in', at };
    await recordActivity(db, { ...signIn, action: 'admin.sign_in_failed' });
    if (attempts.length >= LOGIN_MAX_FAILURES) {
      // The failure that reaches the limit: the lockout starts here, logged once (blocked tries are not).
      await recordActivity(db, { ...signIn, action: 'admin.lockout' });
      throw tooManyAttempts(attempts, now);
    }
    throw new Unauthorized('Wrong password.', ['admin'], false);
  }

  await repo.clearLoginFailures(db, address);
  const { id: keyId } = adminSessionKey(secrets);
  await repo.deleteStaleSessions(db, keyId, now.toISOString());
  const token = crypto.randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + ADMIN_SESSION_HOURS * 3_600_000);
  const hash = tokenHash(secrets, token);
  await db.transaction().execute(async (trx) => {
    await repo.insertSession(trx, hash, keyId, now.toISOString(), expires.toISOString());
    const actor = adminActor(hash.slice(0, 8), address);
    await recordActivity(trx, {
      actor,
      action: 'admin.sign_in',
      target: `admin session ${hash.slice(0, 8)}`,
    });
  });
  return token;
}

/**
 * Deletes the sessions made under other credentials (run at start): their tokens already fail, and
 * going back to an earlier password must not bring them back.
 */
export async function deleteStaleSessions({ db, secrets }: AdminAuthDeps, now = new Date()): Promise<void> {
  await repo.deleteStaleSessions(db, adminSessionKey(secrets).id, now.toISOString());
}

/**
 * Ends the sessions of the tokens given (Exit): each stops working at once. A token of no session ends
 * nothing (logging out twice is fine); being given no token at all is a 400, never a silent "ok".
 */
export async function logout(
  { db, secrets }: AdminAuthDeps,
  tokens: readonly (string | undefined)[],
): Promise<void> {
  const given = tokens.filter((token): token is string => token !== undefined && token !== '');
  if (given.length === 0) {
    throw badRequest(
      'Send the admin token to end: in the Authorization header (Bearer) or as "token" in the body.',
    );
  }
  for (const token of given) {
    if (token.length <= 200) await repo.deleteSession(db, tokenHash(secrets, token));
  }
}

/** Ends every admin session, the caller's too: for a token that may have leaked. */
export async function logoutEverywhere({ db }: AdminAuthDeps): Promise<void> {
  await repo.deleteAllSessions(db);
}

export async function isValidAdminToken(
  deps: AdminAuthDeps,
  token: string | undefined,
  now = new Date(),
): Promise<boolean> {
  return (await liveAdminSession(deps, token, now)) !== undefined;
}

/**
 * The live session a token opens, by its short id (the first 8 hex digits of its stored hash: it names
 * the session in the activity log without being usable as a token); undefined when it opens none.
 */
export async function liveAdminSession(
  { db, secrets }: AdminAuthDeps,
  token: string | undefined,
  now = new Date(),
): Promise<string | undefined> {
  if (!token || token.length > 200) return undefined;
  const hash = tokenHash(secrets, token);
  return (await repo.hasLiveSession(db, hash, now.toISOString())) ? hash.slice(0, 8) : undefined;
}

/** Who a sign-in attempt is by, before it has a session: its address. */
const signInActor = (address: string) => `admin (sign-in) @ ${address}`;

/** Who an admin action is by, as the activity log and the ledger write it: the session and its address. */
export const adminActor = (sessionId: string, address: string) => `admin ${sessionId} @ ${address}`;

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
