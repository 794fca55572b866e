/**
 * Sign-out (issue 33): POST /api/auth/logout ends the session token on the server (its cart calls and chat
 * sockets stop working everywhere), and the browser forgets it at once, without waiting for the answer.
 */
import { clearSessionToken, getSessionToken } from '../sessionStore.js';

export function signOut(): void {
  const token = getSessionToken();
  if (token) {
    // keepalive: the request outlives a page that unloads right after the click.
    void fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => undefined);
  }
  clearSessionToken();
}
