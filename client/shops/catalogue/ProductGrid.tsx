import type { ProductSummary } from '../../../shared/schemas/catalog.js';
import { ProductCard } from './ProductCard.js';
import styles from './ProductGrid.module.css';

/** The category grid: responsive columns, two on a phone. */
export function ProductGrid({ items, label }: { items: readonly ProductSummary[]; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eagerImage={index < 8} />
        </li>
      ))}
    </ul>
  );
}
