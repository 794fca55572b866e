import { lazy, Suspense, useState } from 'react';
import { Icon } from '../ui/Icon.js';
import styles from './AccountMenu.module.css';

const SignInDialog = lazy(() => import('./SignInDialog.js'));

/** 'Sign in' in the header; the dialog with the sign-in loads when it is pressed. */
export function SignInButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.trigger} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Icon name="user" />
        <span className={styles.name}>Sign in</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SignInDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
