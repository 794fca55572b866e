import { stockLabel } from '../../../shared/rules/offers.js';
import { stockTone } from './priceText.js';
import styles from './StockBadge.module.css';

/** 'Out of Stock', 'Only 1 left!' or 'N - in stock' (docs/product.md §9), coloured by urgency. */
export function StockBadge({ quantity }: { quantity: number }) {
  return <span className={`${styles.badge} ${styles[stockTone(quantity)]}`}>{stockLabel(quantity)}</span>;
}
