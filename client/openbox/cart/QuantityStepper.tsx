import type { Ref } from 'react';
import { QuantityInput } from './QuantityInput.js';
import styles from './Cart.module.css';

interface QuantityStepperProps {
  value: number;
  /** The most units the line may hold now: its stock (issue 20), at most MAX_LINE_QUANTITY. */
  limit: number;
  /** What the line is, for the controls' names: "Headphones, Good". */
  name: string;
  /** Sends the new quantity; resolves false when it was not saved. */
  onCommit: (quantity: number) => Promise<boolean>;
  /** + pressed with the line at its limit: the line says why nothing was added. */
  onPastLimit: () => void;
  /** The quantity input, for the line to put the focus on. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * − quantity +: the cart's quantity input (docs/product.md §5) with a step either side. + is disabled at the
 * stock (aria-disabled, so it keeps the focus; pressed, the line says why); − never goes below 1, and on a
 * line holding more than is left it goes down to what is left.
 */
export function QuantityStepper({
  value,
  limit,
  name,
  onCommit,
  onPastLimit,
  inputRef,
}: QuantityStepperProps) {
  const atLimit = value >= limit;
  const fewer = () => {
    if (value > 1) void onCommit(Math.max(1, Math.min(value - 1, limit)));
  };
  const more = () => {
    if (atLimit) onPastLimit();
    else void onCommit(value + 1);
  };
  return (
    <span className={styles.stepper}>
      <button
        type="button"
        className={styles.step}
        onClick={fewer}
        aria-disabled={value <= 1}
        aria-label={`One fewer: ${name}`}
      >
        −
      </button>
      <QuantityInput
        ref={inputRef}
        value={value}
        max={Math.max(1, limit)}
        label={`Quantity of ${name}`}
        onCommit={onCommit}
      />
      <button
        type="button"
        className={styles.step}
        onClick={more}
        aria-disabled={atLimit}
        aria-label={`One more: ${name}`}
      >
        +
      </button>
    </span>
  );
}
