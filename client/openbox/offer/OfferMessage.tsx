import type { OfferNotice } from './offerNotice.js';
import styles from './OpenBoxOffer.module.css';

interface OfferMessageProps {
  notice: OfferNotice | undefined;
  /** Opens the sign-in over the product, which stays open behind it. */
  onSignIn: () => void;
}

/**
 * The offer's one status region, under its buttons, always in the page so a screen reader hears each
 * new sentence; the sign-in prompt brings a Sign in button (issue 20: no dead-end browser alert).
 */
export function OfferMessage({ notice, onSignIn }: OfferMessageProps) {
  return (
    <div className={`${styles.message} ${notice ? styles[notice.tone] : ''}`}>
      <p className={styles.messageText} role="status">
        {notice?.text}
      </p>
      {notice?.signIn && (
        <button type="button" className={styles.signIn} onClick={onSignIn} aria-haspopup="dialog">
          Sign in
        </button>
      )}
    </div>
  );
}
