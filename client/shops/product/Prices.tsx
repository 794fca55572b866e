import { formatDollars, showsTypicalPrice } from '../../../shared/rules/money.js';
import { useRetailerName } from '../../ui/useRetailerName.js';
import styles from './Prices.module.css';

interface PricesProps {
  price: string;
  typicalPrice: string;
  size?: 'md' | 'lg';
  /** Issue 29: the server says the price is too old to show (price_stale): the retailer's page has it. */
  stale?: boolean;
}

/** In place of a price the price source has not confirmed within a day. */
function SeeThePrice({ size }: { size: 'md' | 'lg' }) {
  const retailerName = useRetailerName();
  return (
    <div className={`${styles.prices} ${styles[size]}`}>
      <span className={styles.stale} data-testid="price-stale">
        {retailerName ? `See the price at ${retailerName}` : 'See the price at the retailer'}
      </span>
    </div>
  );
}

/** The price, with the typical price struck through only when it is greater than 0 (docs/product.md §5). */
export function Prices({ price, typicalPrice, size = 'md', stale = false }: PricesProps) {
  if (stale) return <SeeThePrice size={size} />;
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
