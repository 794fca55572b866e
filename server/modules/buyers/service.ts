import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountPreferences, AccountShippingAddress } from '../../../shared/schemas/account.js';
import type { SessionUser, SignInResponse } from '../../../shared/schemas/buying.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../http/errors.js';
import type { GoogleVerifier } from './google.js';
import { presentPreferences, presentShippingAddress, presentUser } from './presenter.js';
import * as repo from './repository.js';
import { signSessionToken } from './session-token.js';

type Db = Kysely<Database>;

export interface DemoSignIn {
  name: string;
  email: string;
  sub?: string | undefined;
}

/**
 * The demo sign-in's user id when none is given: derived from the e-mail, so the same address signs in as
 * the same user (and keeps its cart and orders) from any browser.
 */
export function demoSubFor(email: string): string {
  const digest = crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `demo-${digest.slice(0, 16)}`;
}

async function signIn(db: Db, sessionSecret: string, profile: SessionUser): Promise<SignInResponse> {
  const user = presentUser(await repo.upsertUser(db, profile, new Date().toISOString()));
  return { token: await signSessionToken(sessionSecret, user), user };
}

/** POST /api/auth/google: only when GOOGLE_CLIENT_ID is set (docs/architecture.md §5). */
export async function signInWithGoogle(
  db: Db,
  sessionSecret: string,
  verifier: GoogleVerifier | undefined,
  credential: string,
): Promise<SignInResponse> {
  if (!verifier) {
    throw new HttpError(404, 'Google sign-in is not configured on this server; use the demo sign-in.');
  }
  return signIn(db, sessionSecret, await verifier(credential));
}

/**
 * POST /api/auth/demo: only when GOOGLE_CLIENT_ID is unset, since anyone may claim any name, e-mail or sub
 * here; with Google configured it would let a caller sign in as a real buyer, the seller or an admin.
 */
export async function signInAsDemo(
  db: Db,
  sessionSecret: string,
  googleConfigured: boolean,
  body: DemoSignIn,
): Promise<SignInResponse> {
  if (googleConfigured) {
    throw new HttpError(404, 'Demo sign-in is off on this server; sign in with Google.');
  }
  const profile = {
    sub: body.sub ?? demoSubFor(body.email),
    name: body.name,
    email: body.email,
    picture: '',
  };
  return signIn(db, sessionSecret, profile);
}

/** GET /api/account/preferences: the signed-in buyer's own. */
export async function getPreferences(db: Db, buyer: SessionUser): Promise<AccountPreferences> {
  return presentPreferences(await repo.findPreferences(db, buyer.sub));
}

/**
 * PUT /api/account/preferences: stored on the buyer's row, which the signed token recreates if it went
 * missing (as a purchase does), so the choice is never silently dropped.
 */
export async function savePreferences(
  db: Db,
  buyer: SessionUser,
  preferences: AccountPreferences,
  now = new Date(),
): Promise<AccountPreferences> {
  return db.transaction().execute(async (trx) => {
    await repo.insertUserIfMissing(trx, buyer, now.toISOString());
    await repo.setChatEmails(trx, buyer.sub, preferences.chat_emails);
    return presentPreferences(await repo.findPreferences(trx, buyer.sub));
  });
}

/** GET /api/account/shipping-address: the signed-in buyer's own last address, never another's. */
export async function getShippingAddress(db: Db, buyer: SessionUser): Promise<AccountShippingAddress> {
  return presentShippingAddress(await repo.findShippingAddress(db, buyer.sub));
}
