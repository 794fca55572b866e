import { useState } from 'react';
import { conditionOffers, formatDollars, inStockOffers, priceRange, totalStock } from '../../shared/rules.js';
import type { ProductDetail } from '../../shared/schemas/catalog.js';
import type { Condition } from '../../shared/shops.js';
import { useAuth } from '../session/useAuth.js';
import { Icon } from '../ui/Icon.js';
import { ConditionSelect } from './ConditionSelect.js';
import { MarketplaceLinks } from './MarketplaceLinks.js';
import { formatPriceRange } from './priceText.js';
import { StockBadge } from './StockBadge.js';
import styles from './Offer.module.css';

type OpenboxDetail = Extract<ProductDetail, { kind: 'openbox' }>;

interface OpenBoxOfferProps {
  product: OpenboxDetail;
  /** Supplied by the cart issue; called only for a signed-in buyer with a condition chosen. */
  onAddToCart?: (condition: Condition) => void;
  /** Supplied by the chat issue; called only for a signed-in buyer. */
  onContactSeller?: () => void;
}

/** Open-box buying: price range, condition dropdown, stock, ADD TO CART, seller contact, marketplaces. */
export function OpenBoxOffer({ product, onAddToCart, onContactSeller }: OpenBoxOfferProps) {
  const { user } = useAuth();
  const [condition, setCondition] = useState<Condition | ''>('');
  const offers = conditionOffers(product);
  const available = inStockOffers(offers);
  const range = priceRange(offers);
  const chosen = available.find((offer) => offer.condition === condition);

  const addToCart = () => {
    if (!user) return window.alert('Please log in to your account');
    if (!chosen) return window.alert('Please select a condition');
    onAddToCart?.(chosen.condition);
  };
  const contactSeller = () => {
    if (!user) return window.alert('Please log in to your account');
    onContactSeller?.();
  };

  return (
    <div className={styles.offer}>
      {chosen ? (
        <div className={styles.chosen}>
          <span className={styles.chosenPrice}>{formatDollars(chosen.price)}</span>
          <StockBadge quantity={chosen.quantity} />
        </div>
      ) : (
        <div className={styles.chosen}>
          <span className={styles.chosenPrice}>
            <span className="visually-hidden">Price range: </span>
            {range ? formatPriceRange(range) : 'Price on request'}
          </span>
          <StockBadge quantity={totalStock(offers)} />
        </div>
      )}
      <ConditionSelect offers={available} value={condition} onChange={setCondition} />
      <div className={styles.buttons}>
        <button type="button" className={styles.primary} onClick={addToCart}>
          <Icon name="cart" size={18} />
          ADD TO CART
        </button>
        <button type="button" className={styles.secondary} onClick={contactSeller}>
          <Icon name="chat" size={18} />
          Contact the seller
        </button>
      </div>
      <p className={styles.note}>Checkout is paid in crypto.</p>
      <MarketplaceLinks product={product} />
    </div>
  );
}
