import { useEffect, useRef } from 'react';
import { formatDollars } from '../../../shared/rules/money.js';
import type { RefundBody } from '../../../shared/schemas/buying.js';
import { ActionButtons } from './ActionButtons.js';
import styles from './OrderCard.module.css';

interface RefundConfirmProps {
  refund: RefundBody;
  /** The other lines paid together, which the refund acts on too. */
  otherLines: number;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/** The refund's confirm step: what will be recorded and what happens to the units, before it is sent. */
export function RefundConfirm({ refund, otherLines, busy, onConfirm, onBack }: RefundConfirmProps) {
  const question = useRef<HTMLParagraphElement>(null);
  // Focus on the question, so a screen reader reads it and Tab reaches the answer next.
  useEffect(() => question.current?.focus(), []);
  const others = otherLines === 1 ? 'the other line' : `the ${otherLines} other lines`;
  const group = otherLines > 0 ? ` and ${others} paid with it` : '';
  return (
    <div className={styles.refund}>
      <p ref={question} tabIndex={-1} className={styles.refundQuestion}>
        Record a refund of {formatDollars(refund.amount)} on this order{group}?{' '}
        {refund.restock ? 'The units go back on sale.' : 'The units stay sold.'}
      </p>
      <ActionButtons
        label="Yes, record the refund"
        busyLabel="Recording…"
        busy={busy}
        onConfirm={onConfirm}
        tone="danger"
        backLabel="Back"
        onBack={onBack}
      />
    </div>
  );
}
