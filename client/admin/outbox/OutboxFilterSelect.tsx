import { useId } from 'react';
import { OUTBOX_FILTERS, type OutboxFilter } from '../../../shared/schemas/mail.js';
import panel from '../panel/AdminPanel.module.css';
import { OUTBOX_FILTER_LABELS } from './outboxFormat.js';
import styles from './Outbox.module.css';

interface OutboxFilterSelectProps {
  value: OutboxFilter;
  onChange: (filter: OutboxFilter) => void;
}

/** Which e-mails to list: all, sent, waiting, or failing (waiting with an error from the last try). */
export function OutboxFilterSelect({ value, onChange }: OutboxFilterSelectProps) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        Show
      </label>
      <select
        id={id}
        className={panel.select}
        value={value}
        onChange={(event) => {
          const chosen = OUTBOX_FILTERS.find((filter) => filter === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {OUTBOX_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {OUTBOX_FILTER_LABELS[filter]}
          </option>
        ))}
      </select>
    </div>
  );
}
