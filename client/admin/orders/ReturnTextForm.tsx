import { useId, useState, type FormEvent } from 'react';
import { RETURN_TEXT_MAX } from '../../../shared/rules/returns.js';
import controls from '../ui/Controls.module.css';
import { ActionButtons } from './ActionButtons.js';
import styles from './OrderCard.module.css';

interface ReturnTextFormProps {
  /** "Approve RMA-…" or "Reject RMA-…": the form's heading. */
  title: string;
  label: string;
  submitLabel: string;
  busy: boolean;
  /** The server's sentence when it refused. */
  error: string | null;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}

/** A return's approval (instructions) or rejection (reason): one required text, sent as typed. */
export function ReturnTextForm({
  title,
  label,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: ReturnTextFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setProblem(`${label} must not be empty.`);
      return;
    }
    setProblem(null);
    onSubmit(text);
  };
  const shown = problem ?? error;

  return (
    <form className={styles.refund} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h4 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h4>
      <label htmlFor={`${id}-text`} className={controls.label}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className={`${controls.textarea} ${styles.returnText}`}
        rows={3}
        maxLength={RETURN_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        autoFocus
      />
      {shown && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {shown}
        </p>
      )}
      <ActionButtons label={submitLabel} busyLabel="Saving…" busy={busy} onBack={onCancel} />
    </form>
  );
}
