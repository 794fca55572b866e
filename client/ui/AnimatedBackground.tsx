import styles from './AnimatedBackground.module.css';

/** Decorative drifting colour fields behind the page (CSS only; still on a phone and when motion is reduced). */
export function AnimatedBackground() {
  return (
    <div className={styles.background} aria-hidden="true">
      <span className={`${styles.blob} ${styles.one}`} />
      <span className={`${styles.blob} ${styles.two}`} />
      <span className={`${styles.blob} ${styles.three}`} />
    </div>
  );
}
