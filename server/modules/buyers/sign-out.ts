/**
 * Buyer sign-out (issue 33): `POST /api/auth/logout` ends the session its bearer token opened, on the
 * server and at once, on every process: the token's session id (its `jti`) goes into
 * `buyer_token_revocations`, which every buyer call and chat handshake reads (`liveSession`), and the
 * listeners (the chat socket) are told, so they close the sockets opened with it. A revocation is kept
 * until the token would have run out anyway; `scheduleRevocationPurge` then removes it.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { badRequest } from '../../http/errors.js';
import { runPeriodically } from '../../periodic.js';
import * as repo from './repository.js';
import { type VerifiedSession, verifySession } from './session-token.js';

type Db = Kysely<Database>;

export interface SessionDeps {
  db: Db;
  secrets: { sessionSecret: string };
}

/** A session that sign-out ended: which one, and whose. */
export interface EndedSession {
  sessionId: string;
  userId: string;
}
export type SignOutListener = (ended: EndedSession) => void;

/**
 * Who is told of each sign-out, in this process: made once per app (app.ts), handed to the sign-out
 * route and to the chat socket, which closes that session's sockets in every process (its adapter).
 */
export interface SignOuts {
  listen(listener: SignOutListener): void;
  notify(ended: EndedSession): void;
}

export function createSignOuts(): SignOuts {
  const listeners = new Set<SignOutListener>();
  return {
    listen: (listener) => void listeners.add(listener),
    notify: (ended) => {
      for (const listener of listeners) listener(ended);
    },
  };
}

export const NO_TOKEN_TO_END = 'Send the session token to end in the Authorization header (Bearer).';

/** The session a token opens while it is live: signed by us, not run out, not ended by sign-out. */
export async function liveSession(
  { db, secrets }: SessionDeps,
  token: string,
  now = new Date(),
): Promise<VerifiedSession | undefined> {
  const session = await verifySession(secrets.sessionSecret, token, now);
  if (!session) return undefined;
  return (await repo.isSessionRevoked(db, session.sessionId)) ? undefined : session;
}

/** Whether sign-out ended a session (by its id): the chat reads it again once a new socket is in its rooms. */
export function sessionEnded(db: Db, sessionId: string): Promise<boolean> {
  return repo.isSessionRevoked(db, sessionId);
}

/**
 * Ends the session of the token given. A token that opens no session (forged, run out, ended before)
 * ends nothing and is no error: signing out twice is fine. No token at all is a 400.
 */
export async function signOut(
  { db, secrets }: SessionDeps,
  signOuts: SignOuts,
  token: string | undefined,
  now = new Date(),
): Promise<void> {
  if (!token) throw badRequest(NO_TOKEN_TO_END);
  const session = await verifySession(secrets.sessionSecret, token, now);
  if (!session) return;
  await repo.revokeSession(db, {
    jti: session.sessionId,
    user_id: session.user.sub,
    expires_at: session.expiresAt.toISOString(),
    revoked_at: now.toISOString(),
  });
  signOuts.notify({ sessionId: session.sessionId, userId: session.user.sub });
}

/** One purge: the revocations of tokens run out by `now`. Returns how many were removed. */
export function purgeRevocations(db: Db, now = new Date()): Promise<number> {
  return repo.deleteRevocationsExpiredBy(db, now.toISOString());
}

/** The purge in this process, every `everyMs` (0: never); any process may run it, it only deletes. */
export function scheduleRevocationPurge(app: FastifyInstance, everyMs: number): void {
  runPeriodically(app, 'buyer token revocation purge', everyMs, async () => {
    await purgeRevocations(app.deps.db);
  });
}
