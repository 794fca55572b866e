import type { ShopConfig } from '../../../shared/shops.js';
import { Link } from '../../app/router.js';
import { ThemeToggle } from '../../ui/ThemeToggle.js';
import panel from '../panel/AdminPanel.module.css';
import controls from '../ui/Controls.module.css';

/** The screen's title and the way back to the shop's admin panel. */
export function ProductsHeader({ shop }: { shop: ShopConfig }) {
  return (
    <header className={panel.header}>
      <h1 className={panel.title}>{shop.name}: products</h1>
      <nav className={panel.nav} aria-label="Admin">
        <Link className={`${controls.button} ${controls.secondary} ${controls.small}`} to={shop.adminRoute}>
          Back to Admin Panel
        </Link>
        <ThemeToggle />
      </nav>
    </header>
  );
}
