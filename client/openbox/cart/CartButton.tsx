import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../session/useAuth.js';
import { Icon } from '../../ui/Icon.js';
import { countOf } from '../../ui/plural.js';
import { useCartQuery } from './api/cart.js';
import { cartUnitCount } from './cartMath.js';
import styles from './CartButton.module.css';

// The modal, its lines and checkout links load on first open: the shop bundle carries only this button.
const CartModal = lazy(() => import('./CartModal.js'));

/** The open-box header's cart icon: a count badge only when the cart has items (docs/product.md §2). */
export function CartButton() {
  const { user } = useAuth();
  const cart = useCartQuery(user?.sub);
  const [open, setOpen] = useState(false);
  const count = user ? cartUnitCount(cart.data) : 0;
  const label = count === 0 ? 'Cart' : `Cart, ${countOf(count, 'item')}`;
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
      >
        <Icon name="cart" />
        {count > 0 && (
          <span className={styles.badge} data-testid="cart-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CartModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
