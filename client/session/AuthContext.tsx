/**
 * The buyer's session (docs/product.md §3, §4 "Buyer sign-in"): the token under localStorage `auth_token` and the
 * user decoded from it. signIn stores a token the server issued; signOut ends it on the server
 * (POST /api/auth/logout, not waited for) and removes it, as does any buyer call the server answers with
 * 401 (see buyerFetch.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionUser } from '../../shared/schemas/buying.js';
import { signOut } from './api/signOut.js';
import { BUYER_QUERY_ROOT } from './buyerFetch.js';
import { sessionUserFromToken } from './jwtPayload.js';
import { getSessionToken, storeSessionToken, subscribeToSession } from './sessionStore.js';

export { AUTH_TOKEN_KEY } from './sessionStore.js';
export type { SessionUser };

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
  signIn: (token: string) => void;
  signOut: () => void;
}

export const AuthContext = createContext<AuthState>({
  token: null,
  user: null,
  signIn: storeSessionToken,
  signOut,
});

const noToken = () => null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(subscribeToSession, getSessionToken, noToken);
  const queryClient = useQueryClient();
  const user = useMemo(() => (token ? sessionUserFromToken(token) : null), [token]);

  useEffect(() => {
    // Whoever signs in next must never see the last buyer's cart or orders, even for a frame.
    if (!user) queryClient.removeQueries({ queryKey: [BUYER_QUERY_ROOT] });
  }, [user, queryClient]);

  const value = useMemo<AuthState>(
    () => ({ token: user ? token : null, user, signIn: storeSessionToken, signOut }),
    [token, user],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
