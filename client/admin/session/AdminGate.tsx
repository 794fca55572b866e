import type { ReactNode } from 'react';
import { LoginPage } from './LoginPage.js';
import { useAdminSession } from './useAdminSession.js';
import styles from './LoginPage.module.css';

/**
 * The admin login gate (docs/product.md §2, §4) around any admin screen: while a stored token is checked it says
 * so, without a valid one it shows the login page, and only then renders the screen.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useAdminSession();

  if (session.status === 'checking') {
    return (
      <main className={styles.page}>
        <p role="status">Loading...</p>
      </main>
    );
  }
  if (session.status === 'unauthenticated') {
    return <LoginPage onSignedIn={session.signIn} notice={session.notice} />;
  }
  return children;
}
