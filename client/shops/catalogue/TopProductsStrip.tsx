import type { ProductSummary } from '../../../shared/schemas/catalog.js';
import { Icon } from '../../ui/Icon.js';
import { HorizontalScroller } from './HorizontalScroller.js';
import styles from './TopProductsStrip.module.css';

/** The 25 most viewed products, scrolling back and forth by themselves (docs/product.md §2, §9); the first row in view. */
export function TopProductsStrip({ items }: { items: readonly ProductSummary[] }) {
  if (items.length === 0) return null;
  return (
    <section className={styles.strip} aria-labelledby="top-products-title" data-testid="top-products">
      <h2 id="top-products-title" className={styles.title}>
        <span className={styles.badge}>
          <Icon name="fire" size={18} />
        </span>
        TOP Products
      </h2>
      <HorizontalScroller label="TOP Products" items={items} autoScroll firstImages="high" />
    </section>
  );
}
