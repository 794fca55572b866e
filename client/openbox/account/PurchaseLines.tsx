import { conditionText } from './orderView.js';
import styles from './PurchaseLines.module.css';

export interface PurchaseLine {
  key: string;
  title: string;
  condition: string;
  quantity: number;
  /** As shown, e.g. "$39.98". */
  total: string;
}

interface PurchaseLinesProps {
  lines: readonly PurchaseLine[];
  /** Where each line's rule goes: above it under a sentence, below it under a title. */
  ruled: 'above' | 'below';
  className?: string;
}

/** The lines bought with one payment, as the checkout dialog and the payment page list them. */
export function PurchaseLines({ lines, ruled, className }: PurchaseLinesProps) {
  const list = [styles.lines, ruled === 'above' ? styles.ruledAbove : styles.ruledBelow, className];
  return (
    <ul className={list.filter(Boolean).join(' ')}>
      {lines.map((line) => (
        <li key={line.key} className={styles.line}>
          <span className={styles.title}>{line.title}</span>
          <span className={styles.meta}>
            {conditionText(line.condition)} · Quantity {line.quantity}
          </span>
          <span className={styles.total}>{line.total}</span>
        </li>
      ))}
    </ul>
  );
}
