import { Link } from '../../app/router.js';
import { ThemeToggle } from '../../ui/ThemeToggle.js';
import panel from '../panel/AdminPanel.module.css';
import controls from '../ui/Controls.module.css';
import { ordersAdminRoute } from './orderFormat.js';

/** The page title and the way back to the admin panel (docs/product.md §2: 'Back to Admin Panel' goes to /ayzadmin). */
export function OrdersHeader() {
  return (
    <header className={panel.header}>
      <h1 className={panel.title}>Orders</h1>
      <nav className={panel.nav} aria-label="Admin">
        <Link
          className={`${controls.button} ${controls.secondary} ${controls.small}`}
          to={ordersAdminRoute()}
        >
          Back to Admin Panel
        </Link>
        <ThemeToggle />
      </nav>
    </header>
  );
}
