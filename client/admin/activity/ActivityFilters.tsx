import { type FormEvent, useId, useState } from 'react';
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_ACTIONS,
  type ActivityAction,
} from '../../../shared/schemas/activity.js';
import controls from '../ui/Controls.module.css';
import type { ActivityFilterForm } from './activityFormat.js';
import styles from './Activity.module.css';

interface ActivityFiltersProps {
  initial: ActivityFilterForm;
  onApply: (filters: ActivityFilterForm) => void;
}

const isAction = (value: string): value is ActivityAction =>
  (ACTIVITY_ACTIONS as readonly string[]).includes(value);

/**
 * Target text, action and from/to days (UTC, both included). Applied together with "Filter" (or Enter),
 * so the address bar changes once per search; "Clear" shows everything again.
 */
export function ActivityFilters({ initial, onApply }: ActivityFiltersProps) {
  const id = useId();
  const [form, setForm] = useState(initial);
  // A new address (back, forward, a link) starts the form over from it; applying keeps focus where it is.
  const initialKey = JSON.stringify(initial);
  const [shown, setShown] = useState(initialKey);
  if (shown !== initialKey) {
    setShown(initialKey);
    setForm(initial);
  }
  const set = (changes: Partial<ActivityFilterForm>) => setForm((current) => ({ ...current, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  const empty: ActivityFilterForm = { target: '', action: '', from: '', to: '' };

  return (
    <form className={styles.filters} onSubmit={submit} aria-label="Filter the activity">
      <div className={styles.field}>
        <label htmlFor={`${id}-target`} className={controls.label}>
          Target contains
        </label>
        <input
          id={`${id}-target`}
          className={controls.input}
          type="search"
          value={form.target}
          placeholder="product ayz/12, order ord_…"
          onChange={(event) => set({ target: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-action`} className={controls.label}>
          Action
        </label>
        <select
          id={`${id}-action`}
          className={controls.input}
          value={form.action}
          onChange={(event) => set({ action: isAction(event.target.value) ? event.target.value : '' })}
        >
          <option value="">Every action</option>
          {ACTIVITY_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTIVITY_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-from`} className={controls.label}>
          From (UTC day)
        </label>
        <input
          id={`${id}-from`}
          className={controls.input}
          type="date"
          value={form.from}
          onChange={(event) => set({ from: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-to`} className={controls.label}>
          To (UTC day)
        </label>
        <input
          id={`${id}-to`}
          className={controls.input}
          type="date"
          value={form.to}
          onChange={(event) => set({ to: event.target.value })}
        />
      </div>
      <div className={styles.filterButtons}>
        <button type="submit" className={`${controls.button} ${controls.primary} ${controls.small}`}>
          Filter
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary} ${controls.small}`}
          onClick={() => {
            setForm(empty);
            onApply(empty);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
