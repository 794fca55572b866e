import { ModalShell } from '../ui/ModalShell.js';
import { SignInPanel } from './SignInPanel.js';
import styles from './SignIn.module.css';

interface SignInDialogProps {
  onClose: () => void;
  /** Once signed in (either way the server offers); closes the dialog when not given. */
  onSignedIn?: () => void;
}

/**
 * The sign-in in a dialog that closes once signed in, loaded lazily: from the header's 'Sign in', and
 * over a product whose ADD TO CART or Contact the seller asked for it (which stays open behind it).
 */
export default function SignInDialog({ onClose, onSignedIn = onClose }: SignInDialogProps) {
  return (
    <ModalShell label="Sign in" onClose={onClose} size="md">
      <div className={styles.dialog}>
        <h2 className={styles.title}>Sign in</h2>
        <p className={styles.text}>Sign in to add items to your cart, pay and follow your orders.</p>
        <SignInPanel onSignedIn={onSignedIn} />
      </div>
    </ModalShell>
  );
}
