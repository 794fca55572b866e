import styles from './BusyOverlay.module.css';

/** The full-screen overlay with a spinner shown while a product is saved (docs/product.md §2). */
export function BusyOverlay({ message }: { message: string }) {
  return (
    <div className={styles.overlay} role="alert" aria-busy="true">
      <div className={styles.panel}>
        <span className={styles.spinner} aria-hidden="true" />
        <p className={styles.message}>{message}</p>
      </div>
    </div>
  );
}
