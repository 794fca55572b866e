import { useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { SUGGESTION_CLOSE_DELAY_MS } from '../../../shared/constants.js';
import { filterSuggestions } from './filterSuggestions.js';
import styles from './Fields.module.css';

type SuggestionInputProps = Omit<ComponentProps<'input'>, 'onChange' | 'value'> & {
  ref?: Ref<HTMLInputElement>;
  value: string;
  options: readonly string[];
  onValueChange: (value: string) => void;
};

/**
 * A combobox: while focused it lists the options containing the typed text (any case); the list closes
 * 100 ms after the input loses focus (docs/product.md §2, §9). Arrow keys, Enter and Escape work as expected.
 */
export function SuggestionInput({ ref, value, options, onValueChange, ...inputProps }: SuggestionInputProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<number | undefined>(undefined);
  const matches = filterSuggestions(options, value);
  const shown = open && matches.length > 0;

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const choose = (option: string) => {
    onValueChange(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        matches.length === 0 ? -1 : (current + step + matches.length) % matches.length,
      );
    } else if (event.key === 'Enter' && shown && matches[active] !== undefined) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className={styles.combo}>
      <input
        ref={ref}
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        {...inputProps}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => setOpen(false), SUGGESTION_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" className={styles.suggestions} hidden={!shown}>
        {matches.map((option, index) => (
          <li
            key={option}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`${styles.suggestion} ${index === active ? styles.activeSuggestion : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option}
          </li>
        ))}
      </ul>
    </div>
  );
}
