import { useState } from 'react';
import type { SessionUser } from '../../shared/schemas/buying.js';
import { initials } from './initials.js';
import styles from './AccountMenu.module.css';

/** The user's picture, or their initials when there is none or it fails to load. Decorative. */
export function Avatar({ user, large = false }: { user: SessionUser; large?: boolean }) {
  const [failed, setFailed] = useState<string>();
  const size = large ? 56 : 28;
  const className = `${styles.avatar} ${large ? styles.large : ''}`;
  if (user.picture && failed !== user.picture) {
    return (
      <img
        className={className}
        src={user.picture}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setFailed(user.picture)}
      />
    );
  }
  return (
    <span className={`${className} ${styles.initials}`} aria-hidden="true">
      {initials(user.name)}
    </span>
  );
}
