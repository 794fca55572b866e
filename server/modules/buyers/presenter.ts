import type { AccountPreferences, AccountShippingAddress } from '../../../shared/schemas/account.js';
import type { SessionUser } from '../../../shared/schemas/buying.js';
import type { ShippingAddressRow, UserRow } from '../../db/types.js';

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
  if (!row) return { shipping_address: null };
  return {
    shipping_address: {
      email: row.email,
      address: row.address,
      postal_code: row.postal_code,
      city: row.city,
      state_prov: row.state_prov,
      contact_name: row.contact_name,
      phone: row.phone,
    },
  };
}
