import type { CartItem } from '../../../shared/schemas/buying.js';
import { useRemoveFromCart } from './api/removeFromCart.js';
import { isStockRefusal, useUpdateCartQuantity } from './api/updateCartQuantity.js';
import { CartLine, type QuantityOutcome } from './CartLine.js';
import { lineId } from './cartMath.js';
import styles from './Cart.module.css';

interface CartLinesProps {
  sub: string;
  items: readonly CartItem[];
  onBuy?: (item: CartItem) => void;
}

/** The cart's lines with their quantity edits and deletes (shared by the cart modal and /account). */
export function CartLines({ sub, items, onBuy }: CartLinesProps) {
  const update = useUpdateCartQuantity(sub);
  const remove = useRemoveFromCart(sub);
  const setQuantity = (item: CartItem, quantity: number): Promise<QuantityOutcome> =>
    update.mutateAsync({ item, quantity }).then(
      () => ({ saved: true }),
      (error: unknown) =>
        isStockRefusal(error) ? { saved: false, refusal: error.message } : { saved: false },
    );
  return (
    <ul className={styles.lines}>
      {items.map((item) => (
        <CartLine
          key={lineId(item)}
          item={item}
          onQuantity={setQuantity}
          onDelete={(line) => remove.mutate(line)}
          deleting={remove.isPending && remove.variables === item}
          onBuy={onBuy}
        />
      ))}
    </ul>
  );
}
