import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountPreferences, AccountShippingAddress } from '../../../shared/schemas/account.js';
import type { SessionUser, SignInResponse } from '../../../shared/schemas/buying.js';
import type { Config } from '../../config.js';
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
 * Whether the demo sign-in is on: while GOOGLE_CLIENT_ID is unset (in production the server starts so only
 * when ALLOW_DEMO_SIGN_IN says a public demo is meant, config.ts).
 */
export function demoSignInOn(config: Pick<Config, 'GOOGLE_CLIENT_ID'>): boolean {
  return !config.GOOGLE_CLIENT_ID;
}

type SellerSignInConfig = Pick<Config, 'GOOGLE_CLIENT_ID' | 'NODE_ENV' | 'SELLER_USER_ID'>;

/**
 * Why 'Sign in as the seller' is off, or undefined when it is on: it is offered only to try the shop on
 * one's own machine (not in production, even a public demo), with the demo sign-in on and a seller named.
 */
function sellerSignInRefusal(config: SellerSignInConfig): string | undefined {
  if (!demoSignInOn(config)) return 'Demo sign-in is off on this server; sign in with Google.';
  if (config.NODE_ENV === 'production') return 'Signing in as the seller is offered only in development.';
  if (config.SELLER_USER_ID === undefined) {
    return "There is no seller to sign in as: set SELLER_USER_ID to try the seller's side.";
  }
  return undefined;
}

/** GET /api/config's sellerSignIn: whether the demo form offers 'Sign in as the seller'. */
export function sellerSignInOn(config: SellerSignInConfig): boolean {
  return sellerSignInRefusal(config) === undefined;
}

/**
 * POST /api/auth/demo: only when GOOGLE_CLIENT_ID is unset, since anyone may claim any name, e-mail or sub
 * here; with Google configured it would let a caller sign in as a real buyer, the seller or an admin.
 */
export async function signInAsDemo(
  db: Db,
  sessionSecret: string,
  config: Pick<Config, 'GOOGLE_CLIENT_ID'>,
  body: DemoSignIn,
): Promise<SignInResponse> {
  if (!demoSignInOn(config)) {
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

/**
 * POST /api/auth/demo/seller (issue 20): signs in as SELLER_USER_ID, so a newcomer can try the seller's
 * side without knowing its id; the browser never needs it. 404 with the reason whenever it is off.
 */
export async function signInAsSeller(
  db: Db,
  sessionSecret: string,
  config: SellerSignInConfig & Pick<Config, 'SELLER_EMAIL'>,
): Promise<SignInResponse> {
  const refusal = sellerSignInRefusal(config);
  if (refusal !== undefined) throw new HttpError(404, refusal);
  return signIn(db, sessionSecret, {
    sub: config.SELLER_USER_ID!,
    name: 'The seller',
    email: config.SELLER_EMAIL ?? 'seller@example.com',
    picture: '',
  });
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
