import { useId } from 'react';
import controls from '../ui/Controls.module.css';
import styles from './Fields.module.css';

/** The availability switch (default on); sent as 'YES' or 'NO' (docs/product.md §5). */
export function AvailabilitySwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <span className={styles.switch}>
      <label htmlFor={id} className={controls.label}>
        availability
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switchInput}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={styles.switchState} aria-hidden="true">
        {checked ? 'YES' : 'NO'}
      </span>
    </span>
  );
}
