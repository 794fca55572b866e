import { useId } from 'react';
import { Link } from '../app/router.js';
import { Avatar } from './Avatar.js';
import { useAuth } from './useAuth.js';
import styles from './AccountMenu.module.css';

/**
 * The signed-in buyer's avatar and name, opening a small menu: their e-mail, My Account, Sign out.
 * A native popover: the browser closes it on Escape or a click outside and tells assistive technology
 * whether it is open, so the shop bundle carries no code for that.
 */
export function SignedInMenu() {
  const { user, signOut } = useAuth();
  const id = useId();
  if (!user) return null;
  return (
    <>
      <button type="button" className={styles.trigger} popoverTarget={id}>
        <Avatar user={user} />
        <span className={styles.name}>{user.name}</span>
      </button>
      <div id={id} popover="auto" className={styles.menu}>
        <p className={styles.email}>{user.email}</p>
        <Link className={styles.item} to="/account">
          My Account
        </Link>
        <button type="button" className={styles.item} onClick={signOut}>
          Sign out
        </button>
      </div>
    </>
  );
}
