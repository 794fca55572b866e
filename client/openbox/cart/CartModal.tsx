import { useNavigate } from '../../app/router.js';
import { SignInPanel } from '../../session/SignInPanel.js';
import { useAuth } from '../../session/useAuth.js';
import form from '../../ui/Form.module.css';
import { ModalShell } from '../../ui/ModalShell.js';
import { CartContents } from './CartContents.js';
import styles from './Cart.module.css';

/** The cart modal (docs/product.md §2): the lines, the total cost and a My Account button. Loaded on first open. */
export default function CartModal({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const toAccount = () => {
    onClose();
    void navigate('/account');
  };

  return (
    <ModalShell label="Cart" onClose={onClose} size="md">
      <div className={styles.panel}>
        <h2 className={styles.heading}>Cart</h2>
        {user ? (
          <>
            <CartContents sub={user.sub} />
            <div className={styles.footer}>
              <button type="button" className={form.primary} onClick={toAccount}>
                My Account
              </button>
            </div>
          </>
        ) : (
          <>
            <p className={styles.meta}>Please log in to your account</p>
            <SignInPanel />
          </>
        )}
      </div>
    </ModalShell>
  );
}
