import { MAX_CART_CHECKOUT_LINES } from '../../../shared/constants.js';
import type { CartItem, SessionUser } from '../../../shared/schemas/buying.js';
import { countOf } from '../../ui/plural.js';
import { useRemoveBoughtLines } from '../cart/api/removeFromCart.js';
import { cartTotal, lineId, lineTotal } from '../cart/cartMath.js';
import { useCreateCartPurchase } from './api/createCartPurchase.js';
import { cartPurchaseBody } from './cartCheckout.js';
import { CheckoutDialog } from './CheckoutDialog.js';
import { PurchaseLines } from './PurchaseLines.js';
import styles from './Checkout.module.css';

interface CheckoutAllModalProps {
  user: SessionUser;
  /** The lines it buys, as the cart shows them now. */
  lines: readonly CartItem[];
  /** Lines left out (short of stock, or past the lines one payment takes): they stay in the cart. */
  leftOut: number;
  onClose: () => void;
}

/**
 * "Checkout all" (issue 18): one shipping form and one payment for every line that can be bought, then
 * the payment page, as a line's own checkout does. A line found short is named here and nothing is bought.
 */
export function CheckoutAllModal({ user, lines, leftOut, onClose }: CheckoutAllModalProps) {
  const create = useCreateCartPurchase(user.sub);
  const removeBought = useRemoveBoughtLines(user.sub);

  return (
    <CheckoutDialog
      title="Checkout all"
      user={user}
      pending={create.isPending}
      createPayment={async (shipping) =>
        (await create.mutateAsync(cartPurchaseBody(user.sub, lines, shipping))).payment_url
      }
      onCreated={() => removeBought.mutate(lines)}
      onClose={onClose}
      note="Each item stays an order of its own in My Orders, paid together. The payment page opens in a new tab. Payment is in crypto only."
    >
      <p className={styles.item}>One payment for {countOf(lines.length, 'item')}</p>
      <PurchaseLines
        lines={lines.map((line) => ({ ...line, key: lineId(line), total: lineTotal(line) }))}
        ruled="above"
        className={styles.lines}
      />
      <p className={styles.total}>
        Total: <strong>{cartTotal(lines)}</strong>
      </p>
      {leftOut > 0 && (
        <p className={styles.meta}>
          {countOf(leftOut, 'other line')} {leftOut === 1 ? 'stays' : 'stay'} in your cart (short of stock, or
          past the {countOf(MAX_CART_CHECKOUT_LINES, 'line')} one payment takes).
        </p>
      )}
    </CheckoutDialog>
  );
}
