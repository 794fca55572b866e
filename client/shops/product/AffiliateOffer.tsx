import { priceDate } from '../../../shared/rules/money.js';
import type { AffiliateProduct } from '../../../shared/schemas/catalog.js';
import type { ShopKey } from '../../../shared/shops.js';
import { Stars } from '../../ui/Stars.js';
import { BuyButton } from './BuyButton.js';
import { Prices } from './Prices.js';
import styles from './Offer.module.css';

interface AffiliateOfferProps {
  shop: ShopKey;
  product: AffiliateProduct;
  hasRating: boolean;
  /** Say when the price was copied from the retailer (registry: showsPriceDate). */
  showsPriceDate: boolean;
}

/** Rating, prices (and since when), and the buy link of an affiliate product in the modal. */
export function AffiliateOffer({ shop, product, hasRating, showsPriceDate }: AffiliateOfferProps) {
  const asOf = showsPriceDate && !product.price_stale ? priceDate(product.updated_at) : null;
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
      <div>
        <Prices
          price={product.price}
          typicalPrice={product.typical_price}
          size="lg"
          stale={product.price_stale}
        />
        {asOf && (
          <p className={styles.note}>
            Price as of <time dateTime={asOf}>{asOf}</time>
          </p>
        )}
      </div>
      <BuyButton shop={shop} product={product} size="lg" />
      <p className={styles.note}>You will complete your purchase on the retailer's site.</p>
    </div>
  );
}
