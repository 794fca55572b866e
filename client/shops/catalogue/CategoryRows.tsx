import type { CatalogOverview } from '../../../shared/schemas/catalog.js';
import { CategoryRow } from './CategoryRow.js';
import styles from './CategoryRows.module.css';

interface CategoryRowsProps {
  groups: CatalogOverview['groups'];
  onChooseCategory: (category: string) => void;
}

/** Rows per sub-category under their main category headings; empty ones are hidden (SPEC §2). */
export function CategoryRows({ groups, onChooseCategory }: CategoryRowsProps) {
  const visible = groups
    .map((group) => ({ ...group, rows: group.rows.filter((row) => row.items.length > 0) }))
    .filter((group) => group.rows.length > 0);

  return (
    <div className={styles.groups}>
      {visible.map((group) => (
        <section key={group.main_category} className={styles.group} aria-label={group.main_category}>
          <h2 className={styles.heading}>{group.main_category}</h2>
          {group.rows.map((row) => (
            <CategoryRow key={row.category} row={row} onChooseCategory={onChooseCategory} />
          ))}
        </section>
      ))}
    </div>
  );
}
