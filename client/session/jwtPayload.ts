/**
 * Reads the signed-in user out of the app's session token (docs/architecture.md §5: a JWT whose payload is
 * { sub, name, email, picture }). The browser only reads it; the server checks the signature on every
 * call, so nothing here is trusted for more than what the screen shows.
 */
import type { SessionUser } from '../../shared/schemas/buying.js';

/** A JWT segment (base64url, unpadded) as UTF-8 text, so names such as "Zoë" or "山田" survive. */
function decodeSegment(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment) || segment.length % 4 === 1) return null;
  const base64 = segment.replaceAll('-', '+').replaceAll('_', '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The payload object of a three-part JWT, or null for anything else. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const text = decodeSegment(parts[1]);
  if (text === null) return null;
  try {
    const payload: unknown = JSON.parse(text);
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The user a stored token names, or null when it is malformed, lacks a field or has expired (then the
 * server would refuse it anyway, and showing its owner as signed in would only mislead).
 */
export function sessionUserFromToken(token: string, nowMs = Date.now()): SessionUser | null {
  const payload = decodeJwtPayload(token);
  if (!payload) return null;
  const { sub, name, email, picture, exp } = payload;
  if (typeof sub !== 'string' || sub === '' || typeof name !== 'string' || typeof email !== 'string') {
    return null;
  }
  if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 <= nowMs)) return null;
  return { sub, name, email, picture: typeof picture === 'string' ? picture : '' };
}
