import { useId, type FormEvent } from 'react';
import controls from '../ui/Controls.module.css';
import styles from './Tabs.module.css';

interface IdLookupFormProps {
  /** Label and placeholder of the id field, e.g. 'Enter product ID'. */
  label: string;
  buttonLabel: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy?: boolean;
  tone?: 'primary' | 'danger';
}

/** One product-id field with its button, as on the Delete and Edit tabs. */
export function IdLookupForm({
  label,
  buttonLabel,
  value,
  onChange,
  onSubmit,
  busy,
  tone = 'primary',
}: IdLookupFormProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className={styles.lookup} onSubmit={submit}>
      <label htmlFor={id} className={controls.label}>
        {label}
      </label>
      <div className={styles.lookupRow}>
        <input
          id={id}
          className={`${controls.input} ${styles.lookupInput}`}
          inputMode="numeric"
          autoComplete="off"
          placeholder={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="submit"
          className={`${controls.button} ${tone === 'danger' ? controls.danger : controls.primary}`}
          disabled={busy}
        >
          {buttonLabel}
        </button>
      </div>
    </form>
  );
}
