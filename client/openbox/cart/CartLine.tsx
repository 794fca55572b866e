import { formatDollars } from '../../../shared/rules/money.js';
import { stockLabel } from '../../../shared/rules/offers.js';
import type { CartItem } from '../../../shared/schemas/buying.js';
import { CONDITION_INFO } from '../../../shared/shops.js';
import form from '../../ui/Form.module.css';
import { cartImageUrl, lineTotal } from './cartMath.js';
import { QuantityInput } from './QuantityInput.js';
import styles from './Cart.module.css';

interface CartLineProps {
  item: CartItem;
  maxQuantity: number;
  onQuantity: (item: CartItem, quantity: number) => Promise<boolean>;
  onDelete: (item: CartItem) => void;
  deleting: boolean;
  /** The account page's cart buys one line at a time (docs/product.md §2 checkout modal). */
  onBuy?: (item: CartItem) => void;
}

/** One cart line (docs/product.md §2): image, title, price x quantity, condition, quantity, delete. */
export function CartLine({ item, maxQuantity, onQuantity, onDelete, deleting, onBuy }: CartLineProps) {
  const condition = CONDITION_INFO[item.condition];
  const name = `${item.title}, ${condition.label}`;
  const image = cartImageUrl(item);
  const short = item.available_quantity < item.quantity;
  return (
    <li className={styles.line}>
      <div className={styles.thumb}>
        {image && <img src={image} alt="" width={72} height={72} loading="lazy" />}
      </div>
      <div className={styles.info}>
        <h3 className={styles.title}>{item.title}</h3>
        <p className={styles.meta}>
          <span>
            {condition.emoji} {condition.label}
          </span>
          <span>
            {formatDollars(item.price)} x {item.quantity}
          </span>
        </p>
        {short && (
          <p className={styles.warning}>
            {item.available_quantity <= 0
              ? stockLabel(0)
              : `Only ${item.available_quantity} in stock now: lower the quantity to buy.`}
          </p>
        )}
      </div>
      <div className={styles.controls}>
        <label className={styles.quantityField}>
          Quantity
          <QuantityInput
            value={item.quantity}
            max={maxQuantity}
            label={`Quantity of ${name}`}
            onCommit={(quantity) => onQuantity(item, quantity)}
          />
        </label>
        <strong className={styles.lineTotal}>{lineTotal(item)}</strong>
        {onBuy && (
          <button
            type="button"
            className={form.primary}
            onClick={() => onBuy(item)}
            disabled={short}
            aria-label={`Buy ${name}`}
          >
            Buy
          </button>
        )}
        <button
          type="button"
          className={form.danger}
          onClick={() => onDelete(item)}
          disabled={deleting}
          aria-label={`Delete ${name}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
