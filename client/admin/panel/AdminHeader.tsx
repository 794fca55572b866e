import { Link } from '../../app/router.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { ThemeToggle } from '../../ui/ThemeToggle.js';
import { logoutAdmin } from '../api/logout.js';
import { clearAdminToken, readAdminToken } from '../session/adminStorage.js';
import { AdminNavSelect } from './AdminNavSelect.js';
import controls from '../ui/Controls.module.css';
import styles from './AdminPanel.module.css';

/** Title, shop switcher, links back to the shop (and to orders where the shop has them), theme and Exit. */
export function AdminHeader({ shop }: { shop: ShopConfig }) {
  const exit = async () => {
    // Forget the token first, so nothing in flight can act on it while the server ends the session.
    const token = readAdminToken();
    clearAdminToken();
    await logoutAdmin(token);
    window.location.reload();
  };

  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{shop.adminTitle}</h1>
      <nav className={styles.nav} aria-label="Admin">
        <AdminNavSelect shop={shop} />
        <Link className={`${controls.button} ${controls.secondary} ${controls.small}`} to={shop.route}>
          Back to Shop
        </Link>
        {shop.sells === 'on-site' && (
          <Link className={`${controls.button} ${controls.secondary} ${controls.small}`} to="/orders">
            Orders
          </Link>
        )}
        <ThemeToggle />
        <button
          type="button"
          className={`${controls.button} ${controls.danger} ${controls.small}`}
          onClick={() => void exit()}
        >
          Exit
        </button>
      </nav>
    </header>
  );
}
