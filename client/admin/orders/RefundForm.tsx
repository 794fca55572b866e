import { useId, useState, type FormEvent } from 'react';
import { formatDollars, priceToCents } from '../../../shared/rules/money.js';
import { mayRestock } from '../../../shared/rules/payment-amounts.js';
import { refundBodySchema, type RefundBody } from '../../../shared/schemas/buying.js';
import { useRecordRefundMutation } from '../api/recordRefund.js';
import controls from '../ui/Controls.module.css';
import { RefundConfirm } from './RefundConfirm.js';
import card from '../ui/Card.module.css';
import { ActionButtons } from './ActionButtons.js';
import styles from './OrderCard.module.css';

interface RefundFormProps {
  paymentId: string;
  /** What is left to refund ("12.50"): the amount starts there and may not exceed it. */
  left: string;
  /** The other lines paid together: a refund acts on the whole group, so the question names them. */
  otherLines: number;
  /** Where the amount starts when not at all that is left (a return's units' share). */
  amount?: string;
  /**
   * The return this refund completes (issue 28): sent as `rma`; its units go back on sale when it is
   * marked received, so the form offers no restock.
   */
  rma?: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}

const FIELD_NAMES: Record<string, string> = { amount: 'Amount', note: 'Note', restock: 'Restock' };

/** The shared schema's first complaint as a sentence naming the field, or what the amount exceeds. */
function problemWith(
  draft: { amount: string; note: string; restock: boolean; rma?: string },
  left: string,
): string | null {
  const parsed = refundBodySchema.safeParse(draft);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return `${FIELD_NAMES[String(issue?.path[0])] ?? 'The refund'} ${issue?.message ?? 'is not valid'}.`;
  }
  const cents = priceToCents(parsed.data.amount) ?? 0;
  if (cents <= 0) return 'Amount must be more than $0.00.';
  if (cents > (priceToCents(left) ?? 0))
    return `Amount can be at most ${formatDollars(left)}, what is left to refund.`;
  return null;
}

/** "Record a refund": amount, note, restock; then a confirm step; the server's sentence if it refuses. */
export function RefundForm({
  paymentId,
  left,
  otherLines,
  amount: start,
  rma,
  onDone,
  onCancel,
}: RefundFormProps) {
  const id = useId();
  const [amount, setAmount] = useState(start ?? left);
  const [note, setNote] = useState(rma ? `Return ${rma}` : '');
  const [restock, setRestock] = useState(false);
  const [confirming, setConfirming] = useState<RefundBody | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useRecordRefundMutation();

  // Units go back on sale only with a refund of all that is left (a part refund's order may still ship).
  const restockAllowed = !rma && mayRestock(priceToCents(amount) ?? 0, priceToCents(left) ?? 0);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const draft = { amount, note, restock: restock && restockAllowed, ...(rma ? { rma } : {}) };
    const found = problemWith(draft, left);
    setProblem(found);
    if (!found) setConfirming(refundBodySchema.parse(draft));
  };

  const record = (body: RefundBody) =>
    refund.mutate(
      { payment_id: paymentId, ...body },
      {
        onSuccess: () => onDone(`Refund of ${formatDollars(body.amount)} recorded.`),
        onError: (error) => {
          setProblem(error.message);
          setConfirming(null);
        },
      },
    );

  if (confirming) {
    return (
      <RefundConfirm
        refund={confirming}
        otherLines={otherLines}
        busy={refund.isPending}
        onConfirm={() => record(confirming)}
        onBack={() => setConfirming(null)}
      />
    );
  }

  return (
    <form className={styles.refund} onSubmit={review} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className={styles.sectionTitle}>
        {rma ? `Refund ${rma}` : 'Record a refund'}
      </h3>
      <div className={styles.shippingFields}>
        <div className={styles.input}>
          <label htmlFor={`${id}-amount`} className={card.fieldLabel}>
            Amount (USD)
          </label>
          <input
            id={`${id}-amount`}
            className={`${controls.input} ${styles.compactInput}`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setProblem(null); // The complaint was about what stood here before.
            }}
            aria-describedby={`${id}-left`}
            autoFocus
          />
          <span id={`${id}-left`} className={card.fieldLabel}>
            {formatDollars(left)} left to refund
          </span>
        </div>
        <div className={styles.input}>
          <label htmlFor={`${id}-note`} className={card.fieldLabel}>
            Note or transaction ID
          </label>
          <input
            id={`${id}-note`}
            className={`${controls.input} ${styles.compactInput}`}
            maxLength={300}
            autoComplete="off"
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      </div>
      {rma ? (
        <span className={card.fieldLabel}>
          Completes return {rma}. Its units go back on sale when it is marked received, not with the refund.
        </span>
      ) : (
        <>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={restock && restockAllowed}
              disabled={!restockAllowed}
              aria-describedby={`${id}-restock`}
              onChange={(event) => setRestock(event.target.checked)}
            />
            Put the units back on sale
          </label>
          <span id={`${id}-restock`} className={styles.fieldLabel}>
            Only with a refund of all {formatDollars(left)} left; after a part refund, restock in the product
            editor.
          </span>
        </>
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <ActionButtons label="Review refund" onBack={onCancel} />
    </form>
  );
}
