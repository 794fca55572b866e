import { useId, useRef } from 'react';
import { Icon } from '../../ui/Icon.js';
import { SuggestionInput } from './SuggestionInput.js';
import controls from '../ui/Controls.module.css';
import styles from './Fields.module.css';

interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Offered as a filtered suggestion list while the field has focus. */
  suggestions?: readonly string[];
  inputMode?: 'text' | 'decimal' | 'numeric' | 'url';
}

/** One text field of the product form with its label and clear button (docs/product.md §2). */
export function TextField({
  name,
  label,
  value,
  onChange,
  required,
  suggestions,
  inputMode,
}: TextFieldProps) {
  const inputId = useId();
  const labelId = `${inputId}-label`;
  const inputRef = useRef<HTMLInputElement>(null);
  const inputProps = {
    id: inputId,
    name,
    value,
    required,
    inputMode,
    autoComplete: 'off',
    className: `${controls.input} ${styles.input}`,
  };

  return (
    <div className={styles.field}>
      <span className={styles.labelRow}>
        <label id={labelId} htmlFor={inputId} className={controls.label}>
          {label}
        </label>
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </span>
      <div className={styles.inputRow}>
        {suggestions ? (
          <SuggestionInput ref={inputRef} {...inputProps} options={suggestions} onValueChange={onChange} />
        ) : (
          <input
            ref={inputRef}
            type="text"
            {...inputProps}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        <button
          type="button"
          className={styles.clear}
          aria-label="Clear"
          aria-describedby={labelId}
          title={`Clear ${label}`}
          disabled={value === ''}
          onClick={() => {
            onChange('');
            inputRef.current?.focus();
          }}
        >
          <Icon name="close" size={16} />
        </button>
      </div>
    </div>
  );
}
