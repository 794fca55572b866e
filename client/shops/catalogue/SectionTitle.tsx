import { Icon } from '../../ui/Icon.js';
import styles from './SectionTitle.module.css';

interface SectionTitleProps {
  title: string;
  subtitle?: string;
  searchQuery: string;
  back?: { label: string; onClick: () => void };
}

/** The page title: the shop's name, or the chosen category (docs/product.md §2), with the active search. */
export function SectionTitle({ title, subtitle, searchQuery, back }: SectionTitleProps) {
  return (
    <div className={styles.wrap}>
      {back && (
        <button type="button" className={styles.back} onClick={back.onClick}>
          <Icon name="chevronLeft" size={16} />
          {back.label}
        </button>
      )}
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.subtitle}>
        {subtitle}
        {searchQuery && (
          <span className={styles.search}>
            Results for “<strong>{searchQuery}</strong>”
          </span>
        )}
      </p>
    </div>
  );
}
