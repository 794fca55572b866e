import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertSession(
  db: Db,
  tokenHash: string,
  keyId: string,
  createdAt: string,
  expiresAt: string,
): Promise<void> {
  await db
    .insertInto('admin_sessions')
    .values({ token_hash: tokenHash, key_id: keyId, created_at: createdAt, expires_at: expiresAt })
    .execute();
}

export async function hasLiveSession(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('admin_sessions')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes expired sessions and every session made under other credentials than keyId's. */
export async function deleteStaleSessions(db: Db, keyId: string, now: string): Promise<void> {
  await db
    .deleteFrom('admin_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('key_id', '<>', keyId)]))
    .execute();
}

export async function deleteAllSessions(db: Db): Promise<void> {
  await db.deleteFrom('admin_sessions').execute();
}

export async function recordLoginAttempt(
  db: Db,
  attemptId: string,
  address: string,
  at: string,
): Promise<void> {
  await db.insertInto('login_failures').values({ attempt_id: attemptId, address, failed_at: at }).execute();
}

export async function deleteLoginAttempt(db: Db, attemptId: string): Promise<void> {
  await db.deleteFrom('login_failures').where('attempt_id', '=', attemptId).execute();
}

/** Failures from one address since a moment, oldest first. */
export async function loginFailuresSince(db: Db, address: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('address', '=', address)
    .where('failed_at', '>', since)
    .orderBy('failed_at')
    .execute();
  return rows.map((row) => row.failed_at);
}

export async function clearLoginFailures(db: Db, address: string, before?: string): Promise<void> {
  let query = db.deleteFrom('login_failures').where('address', '=', address);
  if (before) query = query.where('failed_at', '<=', before);
  await query.execute();
}

/** Forgets every failed login, from every address: the lockout is over for all. Returns how many. */
export async function deleteAllLoginFailures(db: Db): Promise<number> {
  const result = await db.deleteFrom('login_failures').executeTakeFirst();
  return Number(result.numDeletedRows);
}
