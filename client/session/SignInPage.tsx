import { Link } from '../app/router.js';
import page from '../app/Page.module.css';
import { SignInPanel } from './SignInPanel.js';
import styles from './SignIn.module.css';

/** What a guarded page shows to a visitor who is not signed in (docs/product.md §2: /account signed out). */
export default function SignInPage() {
  return (
    <main className={page.page}>
      <title>Sign in</title>
      <div className={page.card}>
        <h1 className={page.title}>Sign in</h1>
        <p className={page.text}>Please log in to your account to see your cart, orders and payments.</p>
        <SignInPanel />
        <Link className={styles.back} to="/">
          Back to Shop
        </Link>
      </div>
    </main>
  );
}
