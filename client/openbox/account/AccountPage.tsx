import { useState } from 'react';
import { Link } from '../../app/router.js';
import { SHOPS } from '../../../shared/shops.js';
import { usePublicConfig } from '../../endpoints/config.js';
import { Avatar } from '../../session/Avatar.js';
import { useAuth } from '../../session/useAuth.js';
import form from '../../ui/Form.module.css';
import { useCartQuery } from '../cart/api/cart.js';
import { cartUnitCount } from '../cart/cartMath.js';
import { readAccountTab, writeAccountTab, type AccountTab } from './accountTab.js';
import { AccountTabs, panelId, TAB_LABELS, tabId } from './AccountTabs.js';
import { CartTab } from './CartTab.js';
import { ChatEmailSetting } from './ChatEmailSetting.js';
import { OrdersTab } from './OrdersTab.js';
import styles from './Account.module.css';

const ADMIN_ROUTE =
  Object.values(SHOPS).find((shop) => shop.sells === 'on-site')?.adminRoute ?? SHOPS.ayz.adminRoute;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * /account (docs/product.md §2): Back to Shop, My Orders and Cart tabs, the admin link for listed admins, and
 * the chat e-mail setting (issue 18).
 */
export default function AccountPage() {
  const { user, signOut } = useAuth();
  const config = usePublicConfig();
  const cart = useCartQuery(user?.sub);
  const [tab, setTab] = useState<AccountTab>(() => readAccountTab(storage()));
  if (!user) return null; // The guard shows the sign-in instead.

  const choose = (next: AccountTab) => {
    setTab(next);
    writeAccountTab(storage(), next);
  };
  const isAdmin = config.data?.adminUserIds.includes(user.sub) ?? false;

  return (
    <main className={styles.page}>
      <title>My Account</title>
      <nav className={styles.toolbar} aria-label="Account">
        <Link className={form.secondary} to="/">
          Back to Shop
        </Link>
        {isAdmin && (
          <Link className={form.secondary} to={ADMIN_ROUTE}>
            Go to Admin Panel
          </Link>
        )}
        <button type="button" className={`${form.secondary} ${styles.signOut}`} onClick={signOut}>
          Sign out
        </button>
      </nav>
      <header className={styles.profile}>
        <Avatar user={user} large />
        <div className={styles.who}>
          <h1 className={styles.heading}>My Account</h1>
          <p className={styles.email}>
            {user.name} · {user.email}
          </p>
        </div>
      </header>
      <AccountTabs tab={tab} onChange={choose} counts={{ cart: cartUnitCount(cart.data) }} />
      <section className={styles.panel} role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <h2 className="visually-hidden">{TAB_LABELS[tab]}</h2>
        {tab === 'cart' ? <CartTab user={user} /> : <OrdersTab user={user} />}
      </section>
      <ChatEmailSetting user={user} />
    </main>
  );
}
