import { ModalShell } from '../ui/ModalShell.js';
import { SignInPanel } from './SignInPanel.js';
import styles from './SignIn.module.css';

/** The header's 'Sign in' opens this (lazily): the sign-in in a dialog that closes once signed in. */
export default function SignInDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalShell label="Sign in" onClose={onClose} size="md">
      <div className={styles.dialog}>
        <h2 className={styles.title}>Sign in</h2>
        <p className={styles.text}>Sign in to add items to your cart, pay and follow your orders.</p>
        <SignInPanel onSignedIn={onClose} />
      </div>
    </ModalShell>
  );
}
