import { type Ref, useState } from 'react';
import { MAX_LINE_QUANTITY } from '../../../shared/constants.js';
import form from '../../ui/Form.module.css';
import { parseQuantityInput } from './cartMath.js';
import styles from './Cart.module.css';

interface QuantityInputProps {
  value: number;
  /** Where the browser's own stepping stops (the stock). A larger number typed is sent: the server says why not. */
  max: number;
  /** The accessible name, e.g. "Quantity of Headphones, Good". */
  label: string;
  /** Sends the new quantity; resolves false when the server refused it. */
  onCommit: (quantity: number) => Promise<boolean>;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The cart quantity input (docs/product.md §5): minimum 1; values below 1 (or not whole numbers, or past the
 * most one line may hold) are ignored.
 */
export function QuantityInput({ value, max, label, onCommit, ref }: QuantityInputProps) {
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The cart changed underneath (edit saved, refetch): show the stored quantity.
    setShown(value);
    setDraft(String(value));
  }

  const change = (text: string) => {
    setDraft(text);
    const quantity = parseQuantityInput(text, MAX_LINE_QUANTITY);
    if (quantity === null || quantity === value) return;
    void onCommit(quantity).then((saved) => {
      if (!saved) setDraft(String(value));
    });
  };

  return (
    <input
      ref={ref}
      className={`${form.input} ${styles.quantity}`}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      step={1}
      value={draft}
      aria-label={label}
      onChange={(event) => change(event.target.value)}
      onBlur={() => setDraft(String(value))}
    />
  );
}
