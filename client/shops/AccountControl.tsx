import { Link } from 'react-router';
import { useAuth } from '../session/useAuth.js';
import { Icon } from '../ui/Icon.js';
import styles from './Header.module.css';

/** The open-box header's account control: the user's picture once signed in, else an account icon. */
export function AccountControl() {
  const { user } = useAuth();
  return (
    <Link to="/account" className={styles.iconButton} aria-label="My Account" title="My Account">
      {user?.picture ? (
        <img className={styles.avatar} src={user.picture} alt="" width={28} height={28} />
      ) : (
        <Icon name="user" />
      )}
    </Link>
  );
}
