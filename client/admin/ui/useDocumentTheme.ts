import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The theme on <html data-theme>, so a canvas drawn with the theme's colours can redraw when it flips. */
export function useDocumentTheme(): string {
  return useSyncExternalStore(subscribe, () => document.documentElement.dataset.theme ?? 'light');
}
