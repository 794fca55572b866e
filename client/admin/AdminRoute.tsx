/**
 * Entry of the admin area (SPEC §2 "Admin login gate"): lazy-imported by the route table for /admin,
 * /ayzadmin, /pcadmin and /smartadmin, so nothing under client/admin loads for shop visitors.
 */
import type { ShopConfig } from '../../shared/shops.js';
import { AdminPanel } from './panel/AdminPanel.js';
import { LoginPage } from './session/LoginPage.js';
import { useAdminSession } from './session/useAdminSession.js';
import styles from './session/LoginPage.module.css';

export function AdminRoute({ shop }: { shop: ShopConfig }) {
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
  // A new key per shop: switching shops starts a fresh panel (tab, forms) for the new shop.
  return <AdminPanel key={shop.key} shop={shop} />;
}

export default AdminRoute;
