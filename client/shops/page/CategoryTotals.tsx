import { formatDollars } from '../../../shared/rules/money.js';
import type { CategoryTotal } from '../../../shared/schemas/catalog.js';
import styles from './Sidebar.module.css';

/** PC Build: a sub-category's typical and current totals in dollars with two decimals (docs/product.md §2). */
export function CategoryTotals({ total }: { total: CategoryTotal }) {
  return (
    <span className={styles.totals}>
      <span>Typical total: {formatDollars(total.typical_total)}</span>
      <span className={styles.current}>Current total: {formatDollars(total.current_total)}</span>
    </span>
  );
}
