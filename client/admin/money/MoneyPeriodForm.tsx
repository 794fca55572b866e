import { useId, useState, type FormEvent } from 'react';
import controls from '../ui/Controls.module.css';
import styles from './Money.module.css';

interface MoneyPeriodFormProps {
  from: string;
  to: string;
  onChange: (period: { from: string; to: string }) => void;
}

/** The period's two days (both included); Show puts them in the address bar. */
export function MoneyPeriodForm({ from, to, onChange }: MoneyPeriodFormProps) {
  const id = useId();
  const [draft, setDraft] = useState({ from, to });
  const [shown, setShown] = useState({ from, to });
  // The server's default period arrives after the first render: take it while nothing was typed.
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to });
    setDraft({ from, to });
  }
  const problem = draft.from && draft.to && draft.from > draft.to ? '"From" must not be after "To".' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem && draft.from && draft.to) onChange(draft);
  };
  return (
    <form
      className={styles.period}
      onSubmit={submit}
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <label className={controls.label}>
        From
        <input
          className={controls.input}
          type="date"
          required
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </label>
      <label className={controls.label}>
        To
        <input
          className={controls.input}
          type="date"
          required
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </label>
      <button type="submit" className={`${controls.button} ${controls.primary} ${controls.small}`}>
        Show
      </button>
      {problem && (
        <p id={`${id}-problem`} className={controls.error} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
