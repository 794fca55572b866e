import { Link } from '../app/router.js';
import { NAV_ORDER, SHOPS } from '../../shared/shops.js';
import { BRAND_NAME, CORPORATION_NAME } from './brand.js';
import { affiliateDisclosure } from './disclosure.js';
import { useRetailerName } from './useRetailerName.js';
import styles from './Footer.module.css';

export function Footer() {
  const retailerName = useRetailerName();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <strong>{BRAND_NAME}</strong>
          <p className={styles.muted}>Hand-picked deals, open-box bargains and complete PC builds.</p>
        </div>
        <nav aria-label="Shops in the footer" className={styles.links}>
          {NAV_ORDER.map((key) => (
            <Link key={key} to={SHOPS[key].route}>
              {SHOPS[key].name}
            </Link>
          ))}
        </nav>
      </div>
      <div className={styles.bottom}>
        {retailerName && <p className={styles.disclosure}>{affiliateDisclosure(retailerName)}</p>}
        <p className={styles.muted}>
          © {year} {CORPORATION_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
