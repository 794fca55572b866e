import { useNavigate } from '../app/router.js';
import styles from '../app/Page.module.css';

interface PaymentResultProps {
  outcome: 'success' | 'failure';
  title: string;
  message: string;
  buttonLabel: string;
  to: string;
}

/** The page a buyer lands on after the payment provider (docs/product.md §2 "Payment pages"). */
export function PaymentResult({ outcome, title, message, buttonLabel, to }: PaymentResultProps) {
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={`${styles.icon} ${styles[outcome]}`} aria-hidden="true">
          {outcome === 'success' ? '✓' : '!'}
        </span>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>{message}</p>
        <button type="button" className={styles.button} onClick={() => void navigate(to)}>
          {buttonLabel}
        </button>
      </div>
    </main>
  );
}
