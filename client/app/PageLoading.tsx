import styles from './Page.module.css';

export function PageLoading() {
  return (
    <div className={styles.loading} role="status">
      Loading…
    </div>
  );
}
