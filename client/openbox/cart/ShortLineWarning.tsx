import { shortLineSentence } from '../../../shared/rules/cart-stock.js';
import { stockLabel } from '../../../shared/rules/offers.js';
import styles from './Cart.module.css';

interface ShortLineWarningProps {
  /** Units in stock now, fewer than the line holds. */
  left: number;
  quantity: number;
  /** "Headphones, Good", for the button's name. */
  name: string;
  /** Lowers the line to what is left. */
  onLower: (quantity: number) => Promise<boolean>;
}

/**
 * A line whose stock fell below its quantity after it was added (issue 20): how many are left, and one
 * press to lower the line to that. Until then the line is not bought (its Buy is off, Checkout all leaves
 * it in the cart).
 */
export function ShortLineWarning({ left, quantity, name, onLower }: ShortLineWarningProps) {
  if (left <= 0) {
    return <p className={styles.warning}>{stockLabel(0)}: none left. Delete it to check out the rest.</p>;
  }
  return (
    <div className={styles.shortLine}>
      <p className={styles.warning}>{shortLineSentence(left, quantity)}</p>
      <button
        type="button"
        className={styles.lower}
        onClick={() => void onLower(left)}
        aria-label={`Lower to ${left}: ${name}`}
      >
        Lower to {left}
      </button>
    </div>
  );
}
