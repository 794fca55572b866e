import type { CatalogOverview } from '../../shared/schemas/catalog.js';
import { CategoryTotals } from './CategoryTotals.js';
import styles from './Sidebar.module.css';

interface CategoryTreeProps {
  categories: CatalogOverview['categories'];
  /** PC Build: typical and current totals per sub-category; undefined where the shop has none. */
  totals: CatalogOverview['totals'] | undefined;
  selected: string | null;
  onChoose: (category: string | null) => void;
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/** Main categories alphabetically, each with its sub-categories (SPEC §2). */
export function CategoryTree({ categories, totals, selected, onChoose }: CategoryTreeProps) {
  const mains = Object.keys(categories).sort(byName);
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
      {mains.map((main) => (
        <div key={main} className={styles.group}>
          <h3 className={styles.groupTitle}>{main}</h3>
          <ul className={styles.list}>
            {[...(categories[main] ?? [])].sort(byName).map((category) => (
              <li key={category}>
                <button
                  type="button"
                  className={`${styles.option} ${selected === category ? styles.active : ''}`}
                  aria-current={selected === category ? 'true' : undefined}
                  onClick={() => onChoose(category)}
                >
                  <span>{category}</span>
                  {totals?.[category] && <CategoryTotals total={totals[category]} />}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
