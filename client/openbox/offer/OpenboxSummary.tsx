import { conditionOffers, priceRange, totalStock } from '../../../shared/rules/offers.js';
import type { OpenboxProduct } from '../../../shared/schemas/catalog.js';
import { formatPriceRange } from './priceText.js';
import { StockBadge } from './StockBadge.js';
import styles from './OpenboxSummary.module.css';

/** An open-box product's price range over its conditions and its total stock label. */
export function OpenboxSummary({ product }: { product: OpenboxProduct }) {
  const offers = conditionOffers(product);
  const range = priceRange(offers);
  return (
    <div className={styles.summary}>
      <span className={styles.range} data-testid="product-price">
        <span className="visually-hidden">Price range: </span>
        {range ? formatPriceRange(range) : 'Price on request'}
      </span>
      <StockBadge quantity={totalStock(offers)} />
    </div>
  );
}
