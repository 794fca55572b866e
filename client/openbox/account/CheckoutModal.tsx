import { useState, type FormEvent } from 'react';
import type { CartItem, SessionUser } from '../../../shared/schemas/buying.js';
import { CONDITION_INFO } from '../../../shared/shops.js';
import form from '../../ui/Form.module.css';
import { ModalShell } from '../../ui/ModalShell.js';
import { useRemoveFromCart } from '../cart/api/removeFromCart.js';
import { lineTotal } from '../cart/cartMath.js';
import { useCreatePurchase } from './api/createPurchase.js';
import { openPaymentTab } from './paymentTab.js';
import { purchaseBody, shippingFromForm } from './shipping.js';
import { ShippingFields } from './ShippingFields.js';
import styles from './Checkout.module.css';

interface CheckoutModalProps {
  user: SessionUser;
  item: CartItem;
  onClose: () => void;
}

/** Buying one cart line (docs/product.md §4): create the purchase, open its payment, close, drop the line. */
export function CheckoutModal({ user, item, onClose }: CheckoutModalProps) {
  const create = useCreatePurchase(user.sub);
  const remove = useRemoveFromCart(user.sub);
  const [error, setError] = useState<string>();
  const condition = CONDITION_INFO[item.condition];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const body = purchaseBody(user.sub, item, shippingFromForm(new FormData(event.currentTarget)));
    // Opened now, inside the click, so a popup blocker lets it through; it is pointed at the payment below.
    const tab = openPaymentTab();
    setError(undefined);
    try {
      const { payment_url: paymentUrl } = await create.mutateAsync(body);
      tab.go(paymentUrl);
      onClose();
      remove.mutate(item);
    } catch (failure) {
      tab.close();
      window.alert('Could not create purchase');
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <ModalShell label="Checkout" onClose={onClose} size="md">
      <form className={styles.checkout} onSubmit={(event) => void submit(event)}>
        <h2 className={styles.heading}>Checkout</h2>
        <div className={styles.summary}>
          <p className={styles.item}>{item.title}</p>
          <p className={styles.meta}>
            {condition.emoji} {condition.label} · Quantity {item.quantity}
          </p>
          <p className={styles.total}>
            Total: <strong>{lineTotal(item)}</strong>
          </p>
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
        <p className={form.note}>The payment page opens in a new tab. Payment is in crypto only.</p>
      </form>
    </ModalShell>
  );
}
