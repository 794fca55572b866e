/**
 * While a button fixed in the bottom right corner is mounted (scroll-to-top, the floating chat's
 * toggle), <html> carries data-corner-<name>: global.css then sets --corner-reserve, the room the
 * footer keeps free under its last line, so the end of every page can be scrolled out from under it.
 * Set on mount rather than when the button shows: scroll-to-top appears only after some scrolling, and
 * the page must not grow under the reader once they reach its end.
 */
import { useEffect } from 'react';

export type CornerButton = 'scroll-top' | 'chat';

const mounted = new Map<CornerButton, number>();

export function useCornerButton(button: CornerButton): void {
  useEffect(() => {
    const root = document.documentElement;
    const attribute = `data-corner-${button}`;
    mounted.set(button, (mounted.get(button) ?? 0) + 1);
    root.setAttribute(attribute, '');
    return () => {
      const left = (mounted.get(button) ?? 1) - 1;
      mounted.set(button, left);
      if (left === 0) root.removeAttribute(attribute);
    };
  }, [button]);
}
