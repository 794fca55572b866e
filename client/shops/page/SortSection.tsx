import { SORT_LABELS, type SortMode } from '../../../shared/shops.js';
import styles from './Sidebar.module.css';

interface SortSectionProps {
  sorts: readonly SortMode[];
  isActive: (mode: SortMode) => boolean;
  onChoose: (mode: SortMode) => void;
}

/** The exclusive sort options a shop offers (docs/product.md §2, §4). */
export function SortSection({ sorts, isActive, onChoose }: SortSectionProps) {
  if (sorts.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="sidebar-sort-title">
      <h2 id="sidebar-sort-title" className={styles.sectionTitle}>
        Sort by
      </h2>
      <ul className={styles.list}>
        {sorts.map((mode) => (
          <li key={mode}>
            <button
              type="button"
              className={`${styles.option} ${isActive(mode) ? styles.active : ''}`}
              aria-pressed={isActive(mode)}
              onClick={() => onChoose(mode)}
            >
              {SORT_LABELS[mode]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
