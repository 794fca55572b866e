/** The light/dark theme: stored under localStorage `theme` (docs/product.md §3), light by default. */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';

export function parseTheme(value: string | null): Theme {
  return value === 'dark' ? 'dark' : 'light';
}

export function readStoredTheme(): Theme {
  try {
    return parseTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'light';
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

export function storeTheme(theme: Theme): void {
  applyTheme(theme);
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode); the theme still applies for this visit.
  }
}
