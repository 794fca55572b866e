import { Link } from './router.js';
import styles from './Page.module.css';

export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.code}>404</p>
        <h1 className={styles.title}>Page not found</h1>
        <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
        <Link className={styles.button} to="/">
          Back to the store
        </Link>
      </div>
    </main>
  );
}
