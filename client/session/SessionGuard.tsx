/**
 * The guard docs/product.md §2 wraps around / and /account. Browsing the shop is open to everyone; a page that
 * is only about the buyer (account, payment) shows the sign-in to a visitor who is not signed in, and
 * itself once they are.
 */
import { lazy, type ReactNode } from 'react';
import { useAuth } from './useAuth.js';

const SignInPage = lazy(() => import('./SignInPage.js'));

interface SessionGuardProps {
  children: ReactNode;
  /** The page needs a signed-in buyer. */
  requireSignIn?: boolean;
}

export function SessionGuard({ children, requireSignIn = false }: SessionGuardProps) {
  const { user } = useAuth();
  if (requireSignIn && !user) return <SignInPage />;
  return children;
}
