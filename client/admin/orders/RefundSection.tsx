import { useRef, useState } from 'react';
import type { AdminOrder } from '../../../shared/schemas/buying.js';
import controls from '../ui/Controls.module.css';
import { refundPrefill } from './paymentNotes.js';
import { RefundForm } from './RefundForm.js';
import styles from './OrderCard.module.css';

/**
 * A paid order's "Record a refund" (issue 18): the button, its form while open, and what the server
 * answered after. Nothing for an order with nothing left to refund.
 */
export function RefundSection({
  order,
  groupLines,
}: {
  order: AdminOrder;
  groupLines: readonly AdminOrder[];
}) {
  const [open, setOpen] = useState(false);
  const [recorded, setRecorded] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const left = refundPrefill(order, groupLines);

  const close = (message: string | null) => {
    setOpen(false);
    setRecorded(message);
    // After the list refetched the button may be gone (refunded in full); focus then stays on the card.
    requestAnimationFrame(() => button.current?.focus());
  };

  return (
    <>
      <p className={recorded ? styles.recorded : 'visually-hidden'} role="status">
        {recorded}
      </p>
      {left !== null && open && (
        <RefundForm
          paymentId={order.payment_id}
          left={left}
          otherLines={groupLines.length}
          onDone={(message) => close(message)}
          onCancel={() => close(null)}
        />
      )}
      {left !== null && !open && (
        <button
          ref={button}
          type="button"
          className={`${controls.button} ${controls.secondary} ${controls.small} ${styles.refundOpen}`}
          onClick={() => {
            setRecorded(null);
            setOpen(true);
          }}
        >
          Record a refund
        </button>
      )}
    </>
  );
}
