import { NavLink } from 'react-router';
import { NAV_ORDER, SHOPS } from '../../../shared/shops.js';
import styles from './Header.module.css';

/** The four shop links in NAV_ORDER; the current one is highlighted by path (SPEC §2). */
export function ShopNav() {
  return (
    <nav className={styles.nav} aria-label="Shops">
      {NAV_ORDER.map((key) => (
        <NavLink
          key={key}
          to={SHOPS[key].route}
          end
          className={({ isActive }) => `${styles.navLink} ${isActive ? styles.navLinkActive : ''}`}
        >
          {SHOPS[key].name}
        </NavLink>
      ))}
    </nav>
  );
}
