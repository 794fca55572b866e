import { MAX_LINE_QUANTITY } from '../../../shared/constants.js';
import type { CartItem } from '../../../shared/schemas/buying.js';
import { useRemoveFromCart } from './api/removeFromCart.js';
import { useUpdateCartQuantity } from './api/updateCartQuantity.js';
import { CartLine } from './CartLine.js';
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
  const setQuantity = (item: CartItem, quantity: number) =>
    update.mutateAsync({ item, quantity }).then(
      () => true,
      () => false,
    );
  return (
    <ul className={styles.lines}>
      {items.map((item) => (
        <CartLine
          key={lineId(item)}
          item={item}
          maxQuantity={MAX_LINE_QUANTITY}
          onQuantity={setQuantity}
          onDelete={(line) => remove.mutate(line)}
          deleting={remove.isPending && remove.variables === item}
          onBuy={onBuy}
        />
      ))}
    </ul>
  );
}
