import { useState, type FormEvent } from 'react';
import { MAX_CART_CHECKOUT_LINES } from '../../../shared/constants.js';
import type { CartItem, SessionUser } from '../../../shared/schemas/buying.js';
import { CONDITION_INFO } from '../../../shared/shops.js';
import form from '../../ui/Form.module.css';
import { ModalShell } from '../../ui/ModalShell.js';
import { countOf } from '../../ui/plural.js';
import { useRemoveBoughtLines } from '../cart/api/removeFromCart.js';
import { cartTotal, lineId, lineTotal } from '../cart/cartMath.js';
import { useCreateCartPurchase } from './api/createCartPurchase.js';
import { cartPurchaseBody } from './cartCheckout.js';
import { openPaymentTab } from './paymentTab.js';
import { shippingFromForm } from './shipping.js';
import { ShippingFields } from './ShippingFields.js';
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
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const bought = [...lines];
    const body = cartPurchaseBody(user.sub, bought, shippingFromForm(new FormData(event.currentTarget)));
    // Opened now, inside the click, so a popup blocker lets it through; it is pointed at the payment below.
    const tab = openPaymentTab();
    setError(undefined);
    try {
      const { payment_url: paymentUrl } = await create.mutateAsync(body);
      tab.go(paymentUrl);
      onClose();
      removeBought.mutate(bought);
    } catch (failure) {
      tab.close();
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <ModalShell label="Checkout all" onClose={onClose} size="md">
      <form className={styles.checkout} onSubmit={(event) => void submit(event)}>
        <h2 className={styles.heading}>Checkout all</h2>
        <div className={styles.summary}>
          <p className={styles.item}>One payment for {countOf(lines.length, 'item')}</p>
          <ul className={styles.lines}>
            {lines.map((line) => (
              <li key={lineId(line)} className={styles.line}>
                <span className={styles.lineTitle}>{line.title}</span>
                <span className={styles.meta}>
                  {CONDITION_INFO[line.condition].emoji} {CONDITION_INFO[line.condition].label} · Quantity{' '}
                  {line.quantity}
                </span>
                <span className={styles.lineTotal}>{lineTotal(line)}</span>
              </li>
            ))}
          </ul>
          <p className={styles.total}>
            Total: <strong>{cartTotal(lines)}</strong>
          </p>
          {leftOut > 0 && (
            <p className={styles.meta}>
              {countOf(leftOut, 'other line')} {leftOut === 1 ? 'stays' : 'stay'} in your cart (short of
              stock, or past the {MAX_CART_CHECKOUT_LINES} lines one payment takes).
            </p>
          )}
        </div>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Shipping address</legend>
          <ShippingFields email={user.email} />
        </fieldset>
        {error && (
          <p className={form.error} role="alert">
            {error}
          </p>
        )}
        {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog. */}
        <button type="submit" className={form.primary} aria-disabled={create.isPending}>
          {create.isPending ? 'Creating your order…' : 'Pay with crypto'}
        </button>
        <p className={form.note}>
          Each item stays an order of its own in My Orders, paid together. The payment page opens in a new
          tab. Payment is in crypto only.
        </p>
      </form>
    </ModalShell>
  );
}
