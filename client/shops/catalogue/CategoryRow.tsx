import { memo, useId } from 'react';
import type { CatalogOverview } from '../../../shared/schemas/catalog.js';
import { Icon } from '../../ui/Icon.js';
import { countOf } from '../../ui/plural.js';
import { HorizontalScroller } from './HorizontalScroller.js';
import type { ImagePriority } from './ProductImage.js';
import styles from './CategoryRow.module.css';

type Row = CatalogOverview['groups'][number]['rows'][number];

interface CategoryRowProps {
  row: Row;
  onChooseCategory: (category: string) => void;
  /** How the pictures in view before scrolling load; lazy unless this row is near the top. */
  firstImages?: ImagePriority;
}

/**
 * One sub-category as a horizontal row; its title opens the category's grid. Memoized: each slice that
 * adds a row renders the list again (useSlicedCount), and the rows already shown have not changed.
 */
export const CategoryRow = memo(function CategoryRow({
  row,
  onChooseCategory,
  firstImages,
}: CategoryRowProps) {
  const titleId = useId();
  const choose = () => onChooseCategory(row.category);
  const seeAll =
    row.count > row.items.length ? (
      <button type="button" className={styles.seeAllTile} onClick={choose}>
        <span>See all</span>
        <span className={styles.muted}>{countOf(row.count, 'product')}</span>
        <Icon name="chevronRight" />
      </button>
    ) : undefined;

  return (
    <section className={styles.row} aria-labelledby={titleId} data-testid="category-row">
      <header className={styles.header}>
        <h3 id={titleId} className={styles.title}>
          <button type="button" className={styles.titleButton} onClick={choose}>
            {row.category}
          </button>
        </h3>
        <span className={styles.muted}>{countOf(row.count, 'product')}</span>
        <button
          type="button"
          className={styles.seeAll}
          onClick={choose}
          aria-label={`See all ${row.category}`}
        >
          See all
          <Icon name="chevronRight" size={16} />
        </button>
      </header>
      <HorizontalScroller
        label={row.category}
        items={row.items}
        trailing={seeAll}
        firstImages={firstImages}
      />
    </section>
  );
});
