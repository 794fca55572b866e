import { useId, useState, type FormEvent } from 'react';
import { CONDITIONS, conditionLabel, type Condition } from '../../../shared/shops.js';
import { countOf } from '../../ui/plural.js';
import controls from '../ui/Controls.module.css';
import { ActionButtons } from './ActionButtons.js';
import styles from './OrderCard.module.css';

const NOT_FOR_SALE = 'none';

interface ReceiveReturnFormProps {
  rma: string;
  quantity: number;
  busy: boolean;
  error: string | null;
  onSubmit: (grade: Condition | null) => void;
  onCancel: () => void;
}

/** 'Mark received': the grade the units go back on sale under, or 'Cannot be sold again'. */
export function ReceiveReturnForm({
  rma,
  quantity,
  busy,
  error,
  onSubmit,
  onCancel,
}: ReceiveReturnFormProps) {
  const id = useId();
  const [grade, setGrade] = useState<string>('good');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onSubmit(CONDITIONS.find((condition) => condition === grade) ?? null);
  };

  return (
    <form className={styles.refund} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={styles.sectionTitle}>
        Mark {rma} received
      </h4>
      <label htmlFor={`${id}-grade`} className={controls.label}>
        Put {quantity === 1 ? 'the unit' : `the ${countOf(quantity, 'unit')}`} back on sale as
      </label>
      <select
        id={`${id}-grade`}
        className={controls.input}
        value={grade}
        onChange={(event) => setGrade(event.target.value)}
        aria-describedby={`${id}-hint`}
        autoFocus
      >
        {CONDITIONS.map((condition) => (
          <option key={condition} value={condition}>
            {conditionLabel(condition)}
          </option>
        ))}
        <option value={NOT_FOR_SALE}>Cannot be sold again</option>
      </select>
      <span id={`${id}-hint`} className={controls.hint}>
        A grade the product does not have yet is added without a price: set it in the product editor.
      </span>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <ActionButtons label="Mark received" busyLabel="Saving…" busy={busy} onBack={onCancel} />
    </form>
  );
}
