import type { ShopConfig } from '../../../shared/shops.js';
import { Link } from '../../app/router.js';
import { ThemeToggle } from '../../ui/ThemeToggle.js';
import panel from '../panel/AdminPanel.module.css';
import controls from '../ui/Controls.module.css';

const link = `${controls.button} ${controls.secondary} ${controls.small}`;

/** The page title and the ways back: the admin panel and the orders. */
export function ActivityHeader({ shop }: { shop: ShopConfig }) {
  return (
    <header className={panel.header}>
      <h1 className={panel.title}>Activity</h1>
      <nav className={panel.nav} aria-label="Admin">
        <Link className={link} to={shop.adminRoute}>
          Back to Admin Panel
        </Link>
        <Link className={link} to="/orders">
          Orders
        </Link>
        <ThemeToggle />
      </nav>
    </header>
  );
}
