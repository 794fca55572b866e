import { useState } from 'react';
import { Icon } from './Icon.js';
import { readStoredTheme, storeTheme, type Theme } from './theme.js';
import styles from './ThemeToggle.module.css';

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(readStoredTheme);
  const next: Theme = theme === 'light' ? 'dark' : 'light';

  const toggle = () => {
    storeTheme(next);
    setTheme(next);
  };

  return (
    <button type="button" className={styles.toggle} onClick={toggle} aria-label={`Switch to ${next} theme`}>
      <Icon name={theme === 'light' ? 'moon' : 'sun'} />
    </button>
  );
}
