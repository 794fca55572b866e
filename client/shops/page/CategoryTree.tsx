import type { CatalogOverview } from '../../../shared/schemas/catalog.js';
import { categoryBranches } from './categoryTree.js';
import { CategoryTotals } from './CategoryTotals.js';
import styles from './Sidebar.module.css';

interface CategoryTreeProps {
  categories: CatalogOverview['categories'];
  /** PC Build: typical and current totals per sub-category; undefined where the shop has none. */
  totals: CatalogOverview['totals'] | undefined;
  selected: string | null;
  onChoose: (category: string | null) => void;
}

/** Main categories alphabetically, each with its sub-categories (docs/product.md §2). */
export function CategoryTree({ categories, totals, selected, onChoose }: CategoryTreeProps) {
  const branches = categoryBranches(categories, totals);
  return (
    <section className={styles.section} aria-labelledby="sidebar-categories-title">
      <h2 id="sidebar-categories-title" className={styles.sectionTitle}>
        Categories
      </h2>
      <button
        type="button"
        className={`${styles.option} ${selected === null ? styles.active : ''}`}
        aria-current={selected === null ? 'true' : undefined}
        onClick={() => onChoose(null)}
      >
        All categories
      </button>
      {branches.map(({ main, subs }) => (
        <div key={main} className={styles.group}>
          <h3 className={styles.groupTitle}>{main}</h3>
          <ul className={styles.list}>
            {subs.map(({ category, total }) => (
              <li key={category}>
                <button
                  type="button"
                  className={`${styles.option} ${selected === category ? styles.active : ''}`}
                  aria-current={selected === category ? 'true' : undefined}
                  onClick={() => onChoose(category)}
                >
                  <span>{category}</span>
                  {total && <CategoryTotals total={total} />}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
