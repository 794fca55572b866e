import { useId } from 'react';
import panel from '../panel/AdminPanel.module.css';
import styles from './ListPage.module.css';

interface FilterSelectProps<Filter extends string> {
  value: Filter;
  /** Every filter, in the order the menu lists them. */
  filters: readonly Filter[];
  labels: Readonly<Record<Filter, string>>;
  onChange: (filter: Filter) => void;
}

/** "Show [filter]" above a paged admin list; only one of `filters` ever reaches `onChange`. */
export function FilterSelect<Filter extends string>({
  value,
  filters,
  labels,
  onChange,
}: FilterSelectProps<Filter>) {
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
          const chosen = filters.find((filter) => filter === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {filters.map((filter) => (
          <option key={filter} value={filter}>
            {labels[filter]}
          </option>
        ))}
      </select>
    </div>
  );
}
