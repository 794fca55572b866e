import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ADMIN_SESSION_HOURS,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
} from '../../../shared/schemas/admin.js';
import { formatCountdown } from '../../../shared/rules.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../http/errors.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

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
  db: Db,
  adminPassword: string,
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

  if (!passwordMatches(password, adminPassword)) {
    await repo.clearLoginFailures(db, address, windowStart);
    if (attempts.length >= LOGIN_MAX_FAILURES) throw tooManyAttempts(attempts, now);
    throw new HttpError(401, 'Wrong password.');
  }

  await repo.clearLoginFailures(db, address);
  await repo.deleteExpiredSessions(db, now.toISOString());
  const token = crypto.randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + ADMIN_SESSION_HOURS * 3_600_000);
  await repo.insertSession(db, sha256(token), now.toISOString(), expires.toISOString());
  return token;
}

/** Ends a session (Exit): the token stops working at once. */
export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSession(db, sha256(token));
}

export async function isValidAdminToken(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  return repo.hasLiveSession(db, sha256(token), now.toISOString());
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
