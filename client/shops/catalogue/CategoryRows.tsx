import type { CatalogOverview } from '../../../shared/schemas/catalog.js';
import { CategoryRow } from './CategoryRow.js';
import type { ImagePriority } from './ProductImage.js';
import styles from './CategoryRows.module.css';

interface CategoryRowsProps {
  groups: CatalogOverview['groups'];
  onChooseCategory: (category: string) => void;
  /** How the first row's pictures load: 'high' when it is the first thing in view (no TOP strip above). */
  firstRowImages?: ImagePriority;
}

/** Rows per sub-category under their main category headings; empty ones are hidden (SPEC §2). */
export function CategoryRows({ groups, onChooseCategory, firstRowImages = 'eager' }: CategoryRowsProps) {
  const visible = groups
    .map((group) => ({ ...group, rows: group.rows.filter((row) => row.items.length > 0) }))
    .filter((group) => group.rows.length > 0);

  return (
    <div className={styles.groups}>
      {visible.map((group, groupIndex) => (
        <section key={group.main_category} className={styles.group} aria-label={group.main_category}>
          <h2 className={styles.heading}>{group.main_category}</h2>
          {group.rows.map((row, rowIndex) => (
            <CategoryRow
              key={row.category}
              row={row}
              onChooseCategory={onChooseCategory}
              firstImages={groupIndex === 0 && rowIndex === 0 ? firstRowImages : 'lazy'}
            />
          ))}
        </section>
      ))}
    </div>
  );
}
