import { useState } from 'react';
import { formatDollars } from '../../../shared/rules/money.js';
import { conditionOffers, inStockOffers, priceRange, totalStock } from '../../../shared/rules/offers.js';
import type { ProductDetail } from '../../../shared/schemas/catalog.js';
import type { Condition, ShopKey } from '../../../shared/shops.js';
import { useStartChat } from '../../chat/api/startChat.js';
import { useAuth } from '../../session/useAuth.js';
import { useProductDialog } from '../../shops/product/useProductDialog.js';
import { Icon } from '../../ui/Icon.js';
import { useAddToCart } from '../cart/api/addToCart.js';
import { ConditionSelect } from './ConditionSelect.js';
import { MarketplaceLinks } from './MarketplaceLinks.js';
import { formatPriceRange } from './priceText.js';
import { StockBadge } from './StockBadge.js';
import styles from './OpenBoxOffer.module.css';

type OpenboxDetail = Extract<ProductDetail, { kind: 'openbox' }>;

interface OpenBoxOfferProps {
  product: OpenboxDetail;
  /** The shop it is bought in (the product's own `store` field names the seller, not the shop). */
  store: ShopKey;
}

/** Open-box buying: price range, condition dropdown, stock, ADD TO CART, seller contact, marketplaces. */
export function OpenBoxOffer({ product, store }: OpenBoxOfferProps) {
  const { user } = useAuth();
  const [condition, setCondition] = useState<Condition | ''>('');
  const add = useAddToCart();
  const startChat = useStartChat();
  const { close } = useProductDialog();
  const offers = conditionOffers(product);
  const available = inStockOffers(offers);
  const range = priceRange(offers);
  const chosen = available.find((offer) => offer.condition === condition);

  const addToCart = () => {
    if (!user) return window.alert('Please log in to your account');
    if (!chosen) return window.alert('Please select a condition');
    // Not disabled while sending: a disabled button would drop the keyboard focus out of the dialog.
    if (add.isPending) return;
    add.mutate({ productId: product.id, store, condition: chosen.condition });
  };
  const choose = (next: Condition | '') => {
    setCondition(next);
    add.reset(); // 'Added to cart' spoke of the condition chosen before.
  };
  const contactSeller = () => {
    if (!user) return window.alert('Please log in to your account');
    if (startChat.isPending) return;
    // The floating chat opens on the conversation once this dialog has closed.
    startChat.mutate({ productId: product.id, title: product.title, store }, { onSuccess: close });
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
      <ConditionSelect offers={available} value={condition} onChange={choose} />
      <div className={styles.buttons}>
        <button type="button" className={styles.primary} onClick={addToCart} aria-disabled={add.isPending}>
          <Icon name="cart" size={18} />
          ADD TO CART
        </button>
        <button type="button" className={styles.secondary} onClick={contactSeller}>
          <Icon name="chat" size={18} />
          Contact the seller
        </button>
      </div>
      <p className={styles.added} role="status">
        {add.isSuccess && 'Added to cart'}
      </p>
      <p className={styles.note}>Checkout is paid in crypto.</p>
      <MarketplaceLinks product={product} />
    </div>
  );
}
