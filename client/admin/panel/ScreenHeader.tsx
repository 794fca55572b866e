import type { ShopConfig } from '../../../shared/shops.js';
import { Link } from '../../app/router.js';
import { ThemeToggle } from '../../ui/ThemeToggle.js';
import controls from '../ui/Controls.module.css';
import panel from './AdminPanel.module.css';

const link = `${controls.button} ${controls.secondary} ${controls.small}`;

interface ScreenHeaderProps {
  shop: ShopConfig;
  title: string;
  /** The screens this one leads to, after the panel and the orders (e.g. Sales from Money). */
  links?: readonly { to: string; label: string }[];
}

/** An admin screen's title and the ways back: the admin panel, the orders, any `links`, and the theme. */
export function ScreenHeader({ shop, title, links = [] }: ScreenHeaderProps) {
  return (
    <header className={panel.header}>
      <h1 className={panel.title}>{title}</h1>
      <nav className={panel.nav} aria-label="Admin">
        <Link className={link} to={shop.adminRoute}>
          Back to Admin Panel
        </Link>
        <Link className={link} to="/orders">
          Orders
        </Link>
        {links.map((item) => (
          <Link key={item.to} className={link} to={item.to}>
            {item.label}
          </Link>
        ))}
        <ThemeToggle />
      </nav>
    </header>
  );
}
