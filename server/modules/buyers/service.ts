import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  AccountPreferences,
  AccountRole,
  AccountShippingAddress,
} from '../../../shared/schemas/account.js';
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
 * Whether the demo sign-in may sign in as the seller or an admin user id: only to try the shop on one's
 * own machine, never in production (even a public demo, ALLOW_DEMO_SIGN_IN), where anyone could.
 */
function privilegedDemoAllowed(config: Pick<Config, 'NODE_ENV'>): boolean {
  return config.NODE_ENV !== 'production';
}

/**
 * Why 'Sign in as the seller' is off, or undefined when it is on: it is offered only to try the shop on
 * one's own machine (not in production, even a public demo), with the demo sign-in on and a seller named.
 */
function sellerSignInRefusal(config: SellerSignInConfig): string | undefined {
  if (!demoSignInOn(config)) return 'Demo sign-in is off on this server; sign in with Google.';
  if (!privilegedDemoAllowed(config)) return 'Signing in as the seller is offered only in development.';
  if (config.SELLER_USER_ID === undefined) {
    return "There is no seller to sign in as: set SELLER_USER_ID to try the seller's side.";
  }
  return undefined;
}

/** GET /api/config's sellerSignIn: whether the demo form offers 'Sign in as the seller'. */
export function sellerSignInOn(config: SellerSignInConfig): boolean {
  return sellerSignInRefusal(config) === undefined;
}

type DemoSignInConfig = Pick<Config, 'GOOGLE_CLIENT_ID' | 'NODE_ENV' | 'SELLER_USER_ID' | 'ADMIN_USER_IDS'>;

/** A Google account's id (`sub`) is all digits; the demo's own ids never are (`demo-…`, demoSubFor). */
const GOOGLE_SHAPED_SUB = /^\d+$/;

export const DEMO_PRIVILEGED_REFUSAL =
  'The demo sign-in cannot sign in as the seller or an admin on this server; use a name and e-mail of your own.';
export const DEMO_GOOGLE_ID_REFUSAL =
  'The demo sign-in cannot use the id of a Google account; leave "sub" out to be signed in by your e-mail.';

/**
 * Why the demo sign-in refuses a user id, or undefined (issue 33). Where the seller demo is not allowed
 * (production), neither the seller (SELLER_USER_ID) nor an admin user id (ADMIN_USER_IDS), however the
 * id came (named as `sub` or derived from the e-mail), and no Google-shaped id named as `sub`: the same
 * database may hold Google accounts from before the demo was switched on, and a demo `sub` would open
 * their orders, chats and address. Other demo ids are anyone's by design (no password: the same e-mail
 * is the same buyer).
 */
function demoSubRefusal(config: DemoSignInConfig, sub: string, named: boolean): string | undefined {
  if (privilegedDemoAllowed(config)) return undefined;
  if (sub === config.SELLER_USER_ID || config.ADMIN_USER_IDS.includes(sub)) return DEMO_PRIVILEGED_REFUSAL;
  if (named && GOOGLE_SHAPED_SUB.test(sub)) return DEMO_GOOGLE_ID_REFUSAL;
  return undefined;
}

/**
 * POST /api/auth/demo: only when GOOGLE_CLIENT_ID is unset, since anyone may claim any name, e-mail or sub
 * here; with Google configured it would let a caller sign in as a real buyer, the seller or an admin.
 * In production it refuses the seller's and the admins' ids with 403 and writes nothing (demoSubRefusal).
 */
export async function signInAsDemo(
  db: Db,
  sessionSecret: string,
  config: DemoSignInConfig,
  body: DemoSignIn,
): Promise<SignInResponse> {
  if (!demoSignInOn(config)) {
    throw new HttpError(404, 'Demo sign-in is off on this server; sign in with Google.');
  }
  const sub = body.sub ?? demoSubFor(body.email);
  const refusal = demoSubRefusal(config, sub, body.sub !== undefined);
  if (refusal !== undefined) throw new HttpError(403, refusal);
  return signIn(db, sessionSecret, { sub, name: body.name, email: body.email, picture: '' });
}

/** GET /api/account/role: what the signed-in user is to the shop, as the browser shows it (the chat's 'Seller'). */
export function accountRole(config: Pick<Config, 'SELLER_USER_ID'>, buyer: SessionUser): AccountRole {
  return { seller: config.SELLER_USER_ID !== undefined && buyer.sub === config.SELLER_USER_ID };
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
