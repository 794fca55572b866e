import type { ReactNode } from 'react';
import controls from '../ui/Controls.module.css';
import styles from './Sales.module.css';

export interface SalesListItem {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

interface SalesListProps {
  id: string;
  title: string;
  /** Said instead of an empty list. */
  empty: string;
  items: readonly SalesListItem[];
}

/** One panel of the dashboard: a heading and a list of label / value rows. */
export function SalesList({ id, title, empty, items }: SalesListProps) {
  return (
    <section className={controls.card} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {items.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.key}>
              <span>{item.label}</span>
              <strong>{item.value}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
