import { useRef, useState } from 'react';
import { MAX_LINE_QUANTITY } from '../../../shared/constants.js';
import { cartStockRefusal, outOfStockSentence } from '../../../shared/rules/cart-stock.js';
import { formatDollars } from '../../../shared/rules/money.js';
import type { CartItem } from '../../../shared/schemas/buying.js';
import { CONDITION_INFO } from '../../../shared/shops.js';
import form from '../../ui/Form.module.css';
import { cartImageUrl, lineTotal } from './cartMath.js';
import { QuantityStepper } from './QuantityStepper.js';
import { ShortLineWarning } from './ShortLineWarning.js';
import styles from './Cart.module.css';

/** What became of a quantity change: saved, or not (with the server's sentence when it refused it). */
export interface QuantityOutcome {
  saved: boolean;
  refusal?: string;
}

interface CartLineProps {
  item: CartItem;
  onQuantity: (item: CartItem, quantity: number) => Promise<QuantityOutcome>;
  onDelete: (item: CartItem) => void;
  deleting: boolean;
  /** The account page's cart buys one line at a time (docs/product.md §2 checkout modal). */
  onBuy?: (item: CartItem) => void;
}

/**
 * One cart line (docs/product.md §2): image, title, price x quantity, condition, quantity, delete. Its
 * quantity stops at the stock (issue 20): a refusal is said on the line, and a line holding more than is
 * left says so and cannot be bought until it is lowered.
 */
export function CartLine({ item, onQuantity, onDelete, deleting, onBuy }: CartLineProps) {
  const [notice, setNotice] = useState('');
  const quantityInput = useRef<HTMLInputElement>(null);
  const condition = CONDITION_INFO[item.condition];
  const name = `${item.title}, ${condition.label}`;
  const image = cartImageUrl(item);
  const left = item.available_quantity;
  const short = left < item.quantity;

  const change = async (quantity: number) => {
    const outcome = await onQuantity(item, quantity);
    setNotice(outcome.refusal ?? '');
    return outcome.saved;
  };
  // 'Lower to N' goes with the warning once the line is lowered: the focus moves to the quantity it set
  // rather than fall out of the cart (and out of its dialog).
  const lower = async (quantity: number) => {
    const saved = await change(quantity);
    if (saved) quantityInput.current?.focus();
    return saved;
  };
  const pastLimit = () =>
    setNotice(
      left <= 0
        ? outOfStockSentence(condition.label)
        : (cartStockRefusal({ left, inCart: item.quantity, change: 'set', quantity: item.quantity + 1 }) ??
            ''),
    );

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
        {short && <ShortLineWarning left={left} quantity={item.quantity} name={name} onLower={lower} />}
        <p className={styles.notice} role="status">
          {notice}
        </p>
      </div>
      <div className={styles.controls}>
        <span className={styles.quantityField}>
          Quantity
          <QuantityStepper
            value={item.quantity}
            limit={Math.min(left, MAX_LINE_QUANTITY)}
            name={name}
            onCommit={change}
            onPastLimit={pastLimit}
            inputRef={quantityInput}
          />
        </span>
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
