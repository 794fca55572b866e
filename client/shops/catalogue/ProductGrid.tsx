import type { ProductSummary } from '../../../shared/schemas/catalog.js';
import { ProductCard } from './ProductCard.js';
import styles from './ProductGrid.module.css';

/** The category grid: responsive columns, two on a phone, whose first two rows load at once. */
export function ProductGrid({ items, label }: { items: readonly ProductSummary[]; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} imagePriority={index < 4 ? 'high' : index < 8 ? 'eager' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}
