import { useEffect, useRef, useState } from 'react';
import type { AdminOrder } from '../../../shared/schemas/buying.js';
import { mayAcceptPayment } from '../../../shared/rules/payment-amounts.js';
import { useAcceptPaymentMutation } from '../api/acceptPayment.js';
import controls from '../ui/Controls.module.css';
import card from '../ui/Card.module.css';
import { paidOfText } from './paymentNotes.js';
import { ActionButtons } from './ActionButtons.js';
import styles from './OrderCard.module.css';

/**
 * "Accept as paid" (issue 28) on an order whose money went wrong: a confirm step saying what happens, then
 * the server's sentence if it refuses (e.g. the units are gone). Nothing when there is nothing to accept.
 */
export function AcceptSection({ order, otherLines }: { order: AdminOrder; otherLines: number }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const accept = useAcceptPaymentMutation();
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);
  if (!mayAcceptPayment(order)) return null;

  const group = otherLines > 0 ? ' and the other lines paid with it' : '';
  const send = () =>
    accept.mutate(order.payment_id, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        setProblem(error.message);
        setConfirming(false);
      },
    });

  return (
    <>
      {problem && (
        <p className={card.error} role="alert">
          {problem}
        </p>
      )}
      {confirming ? (
        <div className={styles.refund}>
          <p ref={question} tabIndex={-1} className={styles.refundQuestion}>
            Accept what arrived ({paidOfText(order)}) as the payment of this order{group}? Its units are held
            for it again if they are still in stock, and the buyer is told it is paid.
          </p>
          <ActionButtons
            label="Yes, accept it as paid"
            busyLabel="Accepting…"
            busy={accept.isPending}
            onConfirm={send}
            backLabel="Back"
            onBack={() => setConfirming(false)}
          />
        </div>
      ) : (
        <button
          type="button"
          className={`${controls.button} ${controls.secondary} ${controls.small} ${styles.refundOpen}`}
          onClick={() => {
            setProblem(null);
            setConfirming(true);
          }}
        >
          Accept as paid
        </button>
      )}
    </>
  );
}
