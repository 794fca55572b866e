import { useId } from 'react';
import { RATING_MAX } from '../../../shared/constants.js';
import { countOf } from '../../ui/plural.js';
import controls from '../ui/Controls.module.css';
import styles from './Fields.module.css';

/** A 1 to 5 star rating as a radio group; 0 means none (docs/product.md §5, §9). */
export function RatingInput({ value, onChange }: { value: number; onChange: (rate: number) => void }) {
  const name = useId();
  const stars = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

  return (
    <fieldset className={styles.rating}>
      <legend className={controls.label}>rate</legend>
      <span className={styles.stars}>
        {stars.map((star) => (
          <label key={star} className={`${styles.star} ${star <= value ? styles.starFilled : ''}`}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              aria-label={countOf(star, 'star')}
              onChange={() => onChange(star)}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </span>
      {value > 0 && (
        <button
          type="button"
          className={`${controls.button} ${controls.secondary} ${controls.small}`}
          onClick={() => onChange(0)}
        >
          No rating
        </button>
      )}
    </fieldset>
  );
}
