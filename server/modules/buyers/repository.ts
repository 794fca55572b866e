/** All SQL of sign-in. Every function takes the database or a transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { CheckoutShipping, SessionUser } from '../../../shared/schemas/buying.js';
import type { Database, ShippingAddressRow, UserRow } from '../../db/types.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes the signed-in user keyed by sub: a new row the first time, the latest profile (name, e-mail,
 * picture) every later time, in one statement so two sign-ins at once cannot both try to insert.
 */
export async function upsertUser(db: Db, user: SessionUser, at: string): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      id: user.sub,
      name: user.name,
      email: user.email,
      picture: user.picture,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        email: eb.ref('excluded.email'),
        picture: eb.ref('excluded.picture'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The buyer's row, from the signed token, when sign-in's is missing (a database reset under a token that
 * is still valid): carts and orders point at it.
 */
export async function insertUserIfMissing(db: Db, user: SessionUser, at: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.sub,
      name: user.name,
      email: user.email,
      picture: user.picture,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * Locks the buyer's row until the transaction ends (an UPDATE that changes nothing: it locks on both
 * databases, where SELECT … FOR UPDATE is PostgreSQL's alone), so one buyer's purchases are counted and
 * made one at a time.
 */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}

/** The buyer's stored preferences, or undefined while they have no row. */
export async function findPreferences(db: Db, userId: string): Promise<{ chat_emails: number } | undefined> {
  return db.selectFrom('users').select('chat_emails').where('id', '=', userId).executeTakeFirst();
}

export async function setChatEmails(db: Db, userId: string, on: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ chat_emails: on ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** The address of the buyer's sign-in while they want chat e-mails; undefined when off or unknown. */
export async function findChatEmailAddress(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .where('chat_emails', '=', 1)
    .executeTakeFirst();
  return row?.email;
}

/**
 * The shipping fields alone, of a checkout body or of a row that stores them: `orders` and
 * `shipping_addresses` name their columns as the checkout names its fields.
 */
export function shippingColumns(source: CheckoutShipping): CheckoutShipping {
  return {
    email: source.email,
    contact_name: source.contact_name,
    phone: source.phone,
    address: source.address,
    city: source.city,
    state_prov: source.state_prov,
    postal_code: source.postal_code,
  };
}

/**
 * Keeps the shipping fields of a purchase as the buyer's last address (issue 20), in the purchase's
 * transaction: one row per buyer, replaced by each purchase.
 */
export async function saveShippingAddress(
  db: Db,
  userId: string,
  shipping: CheckoutShipping,
  at: string,
): Promise<void> {
  const fields = { ...shippingColumns(shipping), updated_at: at };
  await db
    .insertInto('shipping_addresses')
    .values({ user_id: userId, ...fields })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(fields))
    .execute();
}

/** The buyer's last shipping address; undefined before their first purchase. */
export async function findShippingAddress(db: Db, userId: string): Promise<ShippingAddressRow | undefined> {
  return db.selectFrom('shipping_addresses').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

// ── Sign-out (issue 33): the sessions ended before their tokens ran out ─────────────────────────────────────────────

/** Whether a session was ended by sign-out: one primary-key read, on every buyer call and chat handshake. */
export async function isSessionRevoked(db: Db, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('buyer_token_revocations')
    .select('jti')
    .where('jti', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends a session for good; ending it again changes nothing. */
export async function revokeSession(
  db: Db,
  revocation: { jti: string; user_id: string; expires_at: string; revoked_at: string },
): Promise<void> {
  await db
    .insertInto('buyer_token_revocations')
    .values(revocation)
    .onConflict((conflict) => conflict.column('jti').doNothing())
    .execute();
}

/** Forgets the revocations of tokens that have run out anyway (their own expiry refuses them). Returns how many. */
export async function deleteRevocationsExpiredBy(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('buyer_token_revocations')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
