import type { AccountPreferences, AccountShippingAddress } from '../../../shared/schemas/account.js';
import type { SessionUser } from '../../../shared/schemas/buying.js';
import type { ShippingAddressRow, UserRow } from '../../db/types.js';
import { shippingColumns } from './repository.js';

/** Exactly what the client and the session token learn of a user (no timestamps). */
export function presentUser(row: UserRow): SessionUser {
  return { sub: row.id, name: row.name, email: row.email, picture: row.picture };
}

/** A buyer without a stored row has the defaults: chat e-mails on (migration 0014). */
export function presentPreferences(row: { chat_emails: number } | undefined): AccountPreferences {
  return { chat_emails: row === undefined || row.chat_emails === 1 };
}

/** The buyer's last shipping address, its fields only (not whose it is, nor when it was written). */
export function presentShippingAddress(row: ShippingAddressRow | undefined): AccountShippingAddress {
  return { shipping_address: row ? shippingColumns(row) : null };
}
