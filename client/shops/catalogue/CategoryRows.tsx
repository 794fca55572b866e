import type { CatalogOverview } from '../../../shared/schemas/catalog.js';
import { CategoryRow } from './CategoryRow.js';
import type { ImagePriority } from './ProductImage.js';
import { useSlicedCount } from './useSlicedCount.js';
import styles from './CategoryRows.module.css';

interface CategoryRowsProps {
  groups: CatalogOverview['groups'];
  onChooseCategory: (category: string) => void;
  /** How the first row's pictures load: 'high' when it is the first thing in view (no TOP strip above). */
  firstRowImages?: ImagePriority;
}

/** Rows rendered with the first paint (a phone shows one or two); the rest follow one per slice. */
const FIRST_RENDERED_ROWS = 2;
/** Rows added per slice of the page's deferred rendering (sliceQueue.ts): each a task of its own. */
const ROWS_PER_SLICE = 1;

/** Rows per sub-category under their main category headings; empty ones are hidden (docs/product.md §2). */
export function CategoryRows({ groups, onChooseCategory, firstRowImages = 'eager' }: CategoryRowsProps) {
  const visible = groups
    .map((group) => ({ ...group, rows: group.rows.filter((row) => row.items.length > 0) }))
    .filter((group) => group.rows.length > 0);
  const rowCount = visible.reduce((sum, group) => sum + group.rows.length, 0);
  const shownRows = useSlicedCount(rowCount, FIRST_RENDERED_ROWS, ROWS_PER_SLICE, 'rows');
  const rowsBefore = visible.map((_, index) =>
    visible.slice(0, index).reduce((sum, group) => sum + group.rows.length, 0),
  );

  return (
    <div className={styles.groups}>
      {visible.map((group, groupIndex) => {
        const rows = group.rows.slice(0, Math.max(0, shownRows - rowsBefore[groupIndex]!));
        if (rows.length === 0) return null;
        return (
          <section key={group.main_category} className={styles.group} aria-label={group.main_category}>
            <h2 className={styles.heading}>{group.main_category}</h2>
            {rows.map((row, rowIndex) => (
              <CategoryRow
                key={row.category}
                row={row}
                onChooseCategory={onChooseCategory}
                firstImages={groupIndex === 0 && rowIndex === 0 ? firstRowImages : 'lazy'}
              />
            ))}
          </section>
        );
      })}
    </div>
  );
}
