import { NavLink } from '../../app/router.js';
import { NAV_ORDER, SHOPS } from '../../../shared/shops.js';

interface ShopNavProps {
  /** Each copy of the links needs its own landmark name ('Shops' in the header). */
  label: string;
  classes: { nav?: string; link?: string; active?: string };
}

/** The four shop links in NAV_ORDER; the current one is highlighted by path (docs/product.md §2). */
export function ShopNav({ label, classes }: ShopNavProps) {
  return (
    <nav className={classes.nav} aria-label={label}>
      {NAV_ORDER.map((key) => (
        <NavLink
          key={key}
          to={SHOPS[key].route}
          className={({ isActive }) => `${classes.link ?? ''} ${isActive ? (classes.active ?? '') : ''}`}
        >
          {SHOPS[key].name}
        </NavLink>
      ))}
    </nav>
  );
}
