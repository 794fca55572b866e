import { useId } from 'react';
import { ORDER_FILTERS } from '../../../shared/schemas/buying.js';
import panel from '../panel/AdminPanel.module.css';
import { ORDER_FILTER_LABELS, type OrderFilter } from './ordersPaging.js';
import styles from './Orders.module.css';

interface OrderFilterSelectProps {
  value: OrderFilter;
  onChange: (filter: OrderFilter) => void;
}

/**
 * Which orders to list: all, unpaid, paid, paid but not yet sent (the shipping to-do list), sent, or
 * those needing attention (partly paid, overpaid, paid late, units sold meanwhile).
 */
export function OrderFilterSelect({ value, onChange }: OrderFilterSelectProps) {
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
          const chosen = ORDER_FILTERS.find((filter) => filter === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {ORDER_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {ORDER_FILTER_LABELS[filter]}
          </option>
        ))}
      </select>
    </div>
  );
}
