import { useId, useState, type FormEvent } from 'react';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_TEXT_MAX,
  type ReturnReason,
} from '../../../shared/rules/returns.js';
import type { Purchase } from '../../../shared/schemas/buying.js';
import type { CreateReturnResponse } from '../../../shared/schemas/returns.js';
import form from '../../ui/Form.module.css';
import { ModalShell } from '../../ui/ModalShell.js';
import { useRequestReturn } from './api/requestReturn.js';
import { orderDate } from './orderView.js';
import styles from './Returns.module.css';

interface ReturnDialogProps {
  sub: string;
  order: Purchase;
  onClose: () => void;
}

/**
 * 'Return this item' (issue 28): how many units (up to what is left to return), why, and a note; photos
 * go through the order's chat. Once asked, the dialog shows the RMA number and its status.
 */
export function ReturnDialog({ sub, order, onClose }: ReturnDialogProps) {
  const ask = useRequestReturn(sub, order.payment_id);
  const [done, setDone] = useState<CreateReturnResponse>();
  const id = useId();
  const most = order.returnable_quantity;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ask.isPending) return;
    const data = new FormData(event.currentTarget);
    ask.mutate(
      {
        quantity: Number(data.get('quantity')),
        reason: String(data.get('reason')) as ReturnReason,
        note: String(data.get('note') ?? ''),
      },
      { onSuccess: setDone },
    );
  };

  if (done) {
    return (
      <ModalShell label="Return requested" onClose={onClose} size="md">
        <div className={form.dialogBody}>
          <h2 className={form.dialogTitle}>Return requested</h2>
          <p role="status">
            Your return number is <strong className={styles.rma}>{done.rma}</strong>. Status: requested. The
            seller will answer by e-mail with how to send it back; you can follow it under the order.
          </p>
          <button type="button" className={form.primary} onClick={onClose}>
            Close
          </button>
        </div>
      </ModalShell>
    );
  }

  return (
    <ModalShell label="Return this item" onClose={onClose} size="md">
      <form className={form.dialogBody} onSubmit={submit}>
        <h2 className={form.dialogTitle}>Return this item</h2>
        <p>
          {order.title}
          {order.return_until && <> · returnable until {orderDate(order.return_until)}</>}
        </p>
        <label className={form.field} htmlFor={`${id}-quantity`}>
          Quantity (up to {most})
          <input
            id={`${id}-quantity`}
            className={form.input}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={most}
            defaultValue={1}
            required
          />
        </label>
        <label className={form.field} htmlFor={`${id}-reason`}>
          Reason
          <select id={`${id}-reason`} className={form.input} name="reason" required defaultValue="">
            <option value="" disabled>
              Choose a reason
            </option>
            {RETURN_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {RETURN_REASON_LABELS[reason]}
              </option>
            ))}
          </select>
        </label>
        <label className={form.field} htmlFor={`${id}-note`}>
          Note (optional)
          <textarea
            id={`${id}-note`}
            className={`${form.input} ${styles.textarea}`}
            name="note"
            rows={4}
            maxLength={RETURN_TEXT_MAX}
          />
        </label>
        <p className={form.note}>Photos: send them to the seller in this order’s chat.</p>
        {ask.isError && (
          <p className={form.error} role="alert">
            {ask.error.message}
          </p>
        )}
        <button type="submit" className={form.primary} aria-disabled={ask.isPending}>
          {ask.isPending ? 'Sending…' : 'Ask to return'}
        </button>
      </form>
    </ModalShell>
  );
}
