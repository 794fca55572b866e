import { Link } from 'react-router';
import styles from './Page.module.css';

/** A stand-in for screens built in later issues (account, chats, orders, admin). */
export function ComingSoonPage({ title, backTo = '/' }: { title: string; backTo?: string }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>This page is on its way. Please check back soon.</p>
        <Link className={styles.button} to={backTo}>
          Back to Shop
        </Link>
      </div>
    </main>
  );
}
