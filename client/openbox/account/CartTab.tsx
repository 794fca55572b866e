import { useState } from 'react';
import type { CartItem, SessionUser } from '../../../shared/schemas/buying.js';
import form from '../../ui/Form.module.css';
import { countOf } from '../../ui/plural.js';
import { useCartQuery } from '../cart/api/cart.js';
import { CartContents } from '../cart/CartContents.js';
import { sameLine } from '../cart/cartMath.js';
import { useShippingAddressQuery } from './api/shippingAddress.js';
import { buyableLines } from './cartCheckout.js';
import { CheckoutAllModal } from './CheckoutAllModal.js';
import { CheckoutModal } from './CheckoutModal.js';
import styles from './Checkout.module.css';

/**
 * The account page's Cart: the lines with quantity, delete and Buy, which opens the checkout modal; with
 * two lines or more that can be bought, "Checkout all" pays them at once (issue 18).
 */
export function CartTab({ user }: { user: SessionUser }) {
  const cart = useCartQuery(user.sub);
  // Asked for now, so a checkout opens with the last shipping address already filled in.
  useShippingAddressQuery(user.sub);
  const [buying, setBuying] = useState<CartItem | null>(null);
  const [buyingAll, setBuyingAll] = useState(false);
  // The line as it is now (a quantity edited meanwhile counts) while its checkout is open.
  const line = buying && cart.data?.find((item) => sameLine(item, buying));
  // Likewise every line: the lines and total shown are the ones the cart holds now.
  const lines = buyableLines(cart.data);
  const leftOut = (cart.data?.length ?? 0) - lines.length;
  return (
    <>
      <CartContents sub={user.sub} onBuy={setBuying} />
      {lines.length >= 2 && (
        <div className={styles.checkoutAll}>
          <button type="button" className={form.primary} onClick={() => setBuyingAll(true)}>
            Checkout all
          </button>
          <p className={form.note}>One shipping form and one payment for {countOf(lines.length, 'item')}.</p>
        </div>
      )}
      {line && <CheckoutModal user={user} item={line} onClose={() => setBuying(null)} />}
      {buyingAll && lines.length > 0 && (
        <CheckoutAllModal user={user} lines={lines} leftOut={leftOut} onClose={() => setBuyingAll(false)} />
      )}
    </>
  );
}
