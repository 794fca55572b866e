import { pageItems } from './ordersPaging.js';
import styles from './Orders.module.css';

interface OrdersPagerProps {
  current: number;
  total: number;
  onChange: (page: number) => void;
  /** The pager's accessible name (the products table pages products). */
  label?: string;
}

/** Previous / numbered / Next buttons; absent while everything fits on one page. */
export function OrdersPager({ current, total, onChange, label = 'Order pages' }: OrdersPagerProps) {
  if (total <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button
        type="button"
        className={styles.pageStep}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        Previous
      </button>
      <ol className={styles.pages}>
        {pageItems(current, total).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.pageGap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={styles.pageNumber}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className={styles.pageStep}
        disabled={current >= total}
        onClick={() => onChange(current + 1)}
      >
        Next
      </button>
    </nav>
  );
}
