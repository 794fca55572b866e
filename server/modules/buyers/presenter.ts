import type { SessionUser } from '../../../shared/schemas/buying.js';
import type { UserRow } from '../../db/types.js';

/** Exactly what the client and the session token learn of a user (no timestamps). */
export function presentUser(row: UserRow): SessionUser {
  return { sub: row.id, name: row.name, email: row.email, picture: row.picture };
}
