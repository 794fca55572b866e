import styles from './SkeletonGrid.module.css';

/** Placeholder cards while products load, the same size as the real ones. */
export function SkeletonGrid({ count = 10 }: { count?: number }) {
  return (
    <div className={styles.grid} role="status" aria-label="Loading products">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={styles.card}>
          <div className={styles.image} />
          <div className={styles.line} />
          <div className={`${styles.line} ${styles.short}`} />
        </div>
      ))}
    </div>
  );
}
