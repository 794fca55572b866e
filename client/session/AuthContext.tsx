/**
 * The sign-in seam. The credential lives under localStorage `auth_token` (SPEC §3); decoding it
 * into a user and signing in/out come with the sign-in issue. Until then `user` is always null.
 */
import { createContext, useMemo, type ReactNode } from 'react';

export const AUTH_TOKEN_KEY = 'auth_token';

/** The signed-in user of SPEC §3, decoded from the credential. */
export interface SessionUser {
  sub: string;
  name: string;
  email: string;
  picture: string;
}

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
}

export const AuthContext = createContext<AuthState>({ token: null, user: null });

function readToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const value = useMemo<AuthState>(() => ({ token: readToken(), user: null }), []);
  return <AuthContext value={value}>{children}</AuthContext>;
}
