import type { CartItem } from '../../../shared/schemas/buying.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { useCartQuery } from './api/cart.js';
import { CartLines } from './CartLines.js';
import { cartTotal } from './cartMath.js';
import styles from './Cart.module.css';

interface CartContentsProps {
  sub: string;
  /** The account page's cart buys one line at a time. */
  onBuy?: (item: CartItem) => void;
}

/** The signed-in buyer's cart: its lines and total cost, or why there are none (loading, error, empty). */
export function CartContents({ sub, onBuy }: CartContentsProps) {
  const cart = useCartQuery(sub);
  if (cart.isPending) return <p role="status">Loading your cart…</p>;
  if (cart.isError) {
    return (
      <StatusMessage
        title="Your cart could not be loaded."
        tone="error"
        action={{ label: 'Try again', onClick: () => void cart.refetch() }}
      >
        {cart.error.message}
      </StatusMessage>
    );
  }
  if (cart.data.length === 0) {
    return (
      <StatusMessage title="Your cart is empty.">
        Open a product in the Open Box Store and choose ADD TO CART.
      </StatusMessage>
    );
  }
  return (
    <>
      <CartLines sub={sub} items={cart.data} onBuy={onBuy} />
      <p className={styles.total}>
        Total cost: <strong>{cartTotal(cart.data)}</strong>
      </p>
    </>
  );
}
