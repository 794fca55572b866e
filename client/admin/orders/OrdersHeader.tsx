import { Link } from '../../app/router.js';
import { ThemeToggle } from '../../ui/ThemeToggle.js';
import panel from '../panel/AdminPanel.module.css';
import controls from '../ui/Controls.module.css';
import { ordersAdminRoute } from './orderFormat.js';

/**
 * The page title and the way back to the admin panel (docs/product.md §2: 'Back to Admin Panel' goes to
 * /ayzadmin), with the way between the orders and their returns (issue 28).
 */
export function OrdersHeader({ title = 'Orders' }: { title?: 'Orders' | 'Returns' }) {
  const other =
    title === 'Orders' ? { to: '/orders/returns', label: 'Returns' } : { to: '/orders', label: 'Orders' };
  return (
    <header className={panel.header}>
      <h1 className={panel.title}>{title}</h1>
      <nav className={panel.nav} aria-label="Admin">
        <Link className={`${controls.button} ${controls.secondary} ${controls.small}`} to={other.to}>
          {other.label}
        </Link>
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
