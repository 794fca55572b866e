import { RATING_MAX } from '../../shared/constants.js';
import { filledStars } from '../../shared/rules/display.js';
import styles from './Stars.module.css';

/** Five stars filled up to the rating (docs/product.md §2), with the rating as the accessible name. */
export function Stars({ rate, size = 'md' }: { rate: number; size?: 'sm' | 'md' }) {
  const filled = filledStars(rate, RATING_MAX);
  return (
    <span
      className={`${styles.stars} ${styles[size]}`}
      role="img"
      aria-label={`Rated ${filled} out of ${RATING_MAX}`}
    >
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <span key={index} className={index < filled ? styles.filled : styles.empty} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
