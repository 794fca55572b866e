/**
 * The buyer's session token under localStorage `auth_token` (docs/product.md §3): restored on load, replaced by a
 * sign-in, removed by logout and whenever the server refuses it. A plain store rather than React state,
 * so the fetch helper can sign out on a 401 without reaching into components, and other tabs follow
 * (the payment page opens in a new tab).
 */
import { sessionUserFromToken } from './jwtPayload.js';

export const AUTH_TOKEN_KEY = 'auth_token';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStoredToken(): string | null {
  try {
    const stored = window.localStorage.getItem(AUTH_TOKEN_KEY);
    if (stored === null || sessionUserFromToken(stored)) return stored;
    // Expired or unreadable: forget it now rather than send it and be refused.
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
    return null;
  } catch {
    return null;
  }
}

let token = typeof window === 'undefined' ? null : readStoredToken();

function set(next: string | null): void {
  if (next === token) return;
  token = next;
  try {
    if (next === null) window.localStorage.removeItem(AUTH_TOKEN_KEY);
    else window.localStorage.setItem(AUTH_TOKEN_KEY, next);
  } catch {
    // Storage unavailable: the session still lasts for this visit.
  }
  for (const listener of listeners) listener();
}

export function getSessionToken(): string | null {
  return token;
}

export function subscribeToSession(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key !== AUTH_TOKEN_KEY && event.key !== null) return;
  const next = readStoredToken();
  if (next === token) return;
  token = next;
  for (const listener of listeners) listener();
}

/** Keeps a token only if it names a user; the server's answer is trusted to be one. */
export function storeSessionToken(next: string): void {
  set(sessionUserFromToken(next) ? next : null);
}

export function clearSessionToken(): void {
  set(null);
}
