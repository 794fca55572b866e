import type { CartItem, SessionUser } from '../../../shared/schemas/buying.js';
import { CONDITION_INFO } from '../../../shared/shops.js';
import { useRemoveFromCart } from '../cart/api/removeFromCart.js';
import { lineTotal } from '../cart/cartMath.js';
import { useCreatePurchase } from './api/createPurchase.js';
import { CheckoutDialog } from './CheckoutDialog.js';
import { purchaseBody } from './shipping.js';
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
  const condition = CONDITION_INFO[item.condition];

  return (
    <CheckoutDialog
      title="Checkout"
      user={user}
      pending={create.isPending}
      createPayment={async (shipping) =>
        (await create.mutateAsync(purchaseBody(user.sub, item, shipping))).payment_url
      }
      onCreated={() => remove.mutate(item)}
      failureAlert="Could not create purchase"
      onClose={onClose}
      note="The payment page opens in a new tab. Payment is in crypto only."
    >
      <p className={styles.item}>{item.title}</p>
      <p className={styles.meta}>
        {condition.emoji} {condition.label} · Quantity {item.quantity}
      </p>
      <p className={styles.total}>
        Total: <strong>{lineTotal(item)}</strong>
      </p>
    </CheckoutDialog>
  );
}
