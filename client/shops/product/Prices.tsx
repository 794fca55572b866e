import { formatDollars, showsTypicalPrice } from '../../../shared/rules/money.js';
import styles from './Prices.module.css';

interface PricesProps {
  price: string;
  typicalPrice: string;
  size?: 'md' | 'lg';
}

/** The price, with the typical price struck through only when it is greater than 0 (docs/product.md §5). */
export function Prices({ price, typicalPrice, size = 'md' }: PricesProps) {
  const showTypical = showsTypicalPrice(typicalPrice);
  const saving = showTypical ? Math.round((1 - Number(price) / Number(typicalPrice)) * 100) : 0;
  return (
    <div className={`${styles.prices} ${styles[size]}`}>
      <span className={styles.price} data-testid="product-price">
        <span className="visually-hidden">Price: </span>
        {formatDollars(price)}
      </span>
      {showTypical && (
        <del className={styles.typical}>
          <span className="visually-hidden">Typical price: </span>
          {formatDollars(typicalPrice)}
        </del>
      )}
      {saving > 0 && <span className={styles.saving}>−{saving}%</span>}
    </div>
  );
}
