import { lazy, Suspense, useRef, useState } from 'react';
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
import { OfferMessage } from './OfferMessage.js';
import { isSignedOut, offerNotice, type OfferPrompt, refusalOf } from './offerNotice.js';
import { formatPriceRange } from './priceText.js';
import { StockBadge } from './StockBadge.js';
import styles from './OpenBoxOffer.module.css';

const SignInDialog = lazy(() => import('../../session/SignInDialog.js'));

type OpenboxDetail = Extract<ProductDetail, { kind: 'openbox' }>;

interface OpenBoxOfferProps {
  product: OpenboxDetail;
  /** The shop it is bought in (the product's own `store` field names the seller, not the shop). */
  store: ShopKey;
}

/**
 * Open-box buying: price range, condition dropdown, stock, ADD TO CART, seller contact, marketplaces.
 * What a press asks first (sign in, choose a condition) and what came of it are said in the offer
 * itself (issue 20); signing in from there keeps this product open and gives the focus back to the
 * button that asked.
 */
export function OpenBoxOffer({ product, store }: OpenBoxOfferProps) {
  const { user } = useAuth();
  const [condition, setCondition] = useState<Condition | ''>('');
  const [prompt, setPrompt] = useState<OfferPrompt>();
  const [signingIn, setSigningIn] = useState(false);
  const asker = useRef<HTMLButtonElement | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const contactButton = useRef<HTMLButtonElement>(null);
  const add = useAddToCart();
  const startChat = useStartChat();
  const { close } = useProductDialog();
  const offers = conditionOffers(product);
  const available = inStockOffers(offers);
  const range = priceRange(offers);
  const chosen = available.find((offer) => offer.condition === condition);

  const askToSignIn = (button: HTMLButtonElement | null) => {
    asker.current = button;
    setPrompt('sign-in');
  };
  const signOutOn = (button: HTMLButtonElement | null) => (error: Error) => {
    if (isSignedOut(error)) askToSignIn(button);
  };
  const addToCart = () => {
    if (!user) return askToSignIn(addButton.current);
    if (!chosen) return setPrompt('choose-condition');
    // Not disabled while sending: a disabled button would drop the keyboard focus out of the dialog.
    if (add.isPending) return;
    setPrompt(undefined);
    add.mutate(
      { productId: product.id, store, condition: chosen.condition },
      { onError: signOutOn(addButton.current) },
    );
  };
  const choose = (next: Condition | '') => {
    setCondition(next);
    setPrompt(undefined);
    add.reset(); // 'Added to cart' (or a refusal) spoke of the condition chosen before.
  };
  const contactSeller = () => {
    if (!user) return askToSignIn(contactButton.current);
    if (startChat.isPending) return;
    setPrompt(undefined);
    // The floating chat opens on the conversation once this dialog has closed.
    startChat.mutate(
      { productId: product.id, title: product.title, store },
      { onSuccess: close, onError: signOutOn(contactButton.current) },
    );
  };
  const signedIn = () => {
    setSigningIn(false);
    setPrompt(undefined);
    asker.current?.focus();
  };
  const notice = offerNotice({
    prompt,
    signedIn: user !== null,
    added: add.isSuccess,
    refusal: add.isError ? refusalOf(add.error) : undefined,
  });

  return (
    <div className={styles.offer}>
      <div className={styles.chosen}>
        {chosen ? (
          <>
            <span className={styles.chosenPrice}>{formatDollars(chosen.price)}</span>
            <StockBadge quantity={chosen.quantity} />
          </>
        ) : (
          <>
            <span className={styles.chosenPrice}>
              <span className="visually-hidden">Price range: </span>
              {range ? formatPriceRange(range) : 'Price on request'}
            </span>
            <StockBadge quantity={totalStock(offers)} />
          </>
        )}
      </div>
      <ConditionSelect offers={available} value={condition} onChange={choose} />
      <div className={styles.buttons}>
        <button
          ref={addButton}
          type="button"
          className={styles.primary}
          onClick={addToCart}
          aria-disabled={add.isPending}
        >
          <Icon name="cart" size={18} />
          ADD TO CART
        </button>
        <button ref={contactButton} type="button" className={styles.secondary} onClick={contactSeller}>
          <Icon name="chat" size={18} />
          Contact the seller
        </button>
      </div>
      <OfferMessage notice={notice} onSignIn={() => setSigningIn(true)} />
      <p className={styles.note}>Checkout is paid in crypto.</p>
      <MarketplaceLinks product={product} />
      {signingIn && (
        <Suspense fallback={null}>
          <SignInDialog onClose={() => setSigningIn(false)} onSignedIn={signedIn} />
        </Suspense>
      )}
    </div>
  );
}
