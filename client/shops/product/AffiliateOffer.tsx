import type { AffiliateProduct } from '../../../shared/schemas/catalog.js';
import { Stars } from '../../ui/Stars.js';
import { BuyButton } from './BuyButton.js';
import { Prices } from './Prices.js';
import styles from './Offer.module.css';

/** Rating, prices and the buy link of an affiliate product in the modal. */
export function AffiliateOffer({ product, hasRating }: { product: AffiliateProduct; hasRating: boolean }) {
  return (
    <div className={styles.offer}>
      {hasRating && (
        <div className={styles.rating}>
          <Stars rate={product.rate} />
          <span className={styles.muted}>
            {product.rate > 0 ? `${product.rate} out of 5` : 'Not rated yet'}
          </span>
        </div>
      )}
      <Prices price={product.price} typicalPrice={product.typical_price} size="lg" />
      <BuyButton product={product} size="lg" />
      <p className={styles.note}>You will complete your purchase on the retailer's site.</p>
    </div>
  );
}
