import { useId } from 'react';
import { useLocation, useNavigate } from '../../app/router.js';
import { NAV_ORDER, SHOPS, type ShopConfig } from '../../../shared/shops.js';
import styles from './AdminPanel.module.css';

/** Jumps between the shops' admin screens; the current path is preselected (docs/product.md §2). */
export function AdminNavSelect({ shop }: { shop: ShopConfig }) {
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shops = NAV_ORDER.map((key) => SHOPS[key]);
  const current = shops.some((candidate) => candidate.adminRoute === pathname) ? pathname : shop.adminRoute;

  return (
    <span className={styles.navSelect}>
      <label htmlFor={id} className={styles.navLabel}>
        Admin of
      </label>
      <select
        id={id}
        className={styles.select}
        value={current}
        onChange={(event) => navigate(event.target.value)}
      >
        {shops.map((candidate) => (
          <option key={candidate.key} value={candidate.adminRoute}>
            {candidate.adminNavLabel}
          </option>
        ))}
      </select>
    </span>
  );
}
