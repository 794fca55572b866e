import type { FormEvent } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../shared/constants.js';
import { Icon } from '../../ui/Icon.js';
import styles from './SearchBar.module.css';

interface SearchBarProps {
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  onReset: () => void;
}

/** 'Reset', the search input (Enter applies) and 'Search' (docs/product.md §2). */
export function SearchBar({ value, onChange, onSearch, onReset }: SearchBarProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className={styles.bar} role="search" onSubmit={submit}>
      <button type="button" className={styles.reset} onClick={onReset}>
        <Icon name="reset" size={16} />
        Reset
      </button>
      <label className={styles.field}>
        <span className="visually-hidden">Search products</span>
        <Icon name="search" size={18} />
        <input
          className={styles.input}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Search products by name..."
          maxLength={SEARCH_MAX_LENGTH}
          enterKeyHint="search"
          autoComplete="off"
        />
      </label>
      <button type="submit" className={styles.search}>
        Search
      </button>
    </form>
  );
}
