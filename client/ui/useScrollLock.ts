/** Locks page scroll while mounted (docs/product.md §2: page scroll is locked while the product modal is open). */
import { useEffect } from 'react';

let locks = 0;

export function useScrollLock(active = true): void {
  useEffect(() => {
    if (!active) return;
    const body = document.body;
    if (locks === 0) {
      // Keep the layout from shifting when the scrollbar disappears.
      const scrollbar = window.innerWidth - document.documentElement.clientWidth;
      body.style.paddingRight = scrollbar > 0 ? `${scrollbar}px` : '';
      body.classList.add('scroll-locked');
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) {
        body.classList.remove('scroll-locked');
        body.style.paddingRight = '';
      }
    };
  }, [active]);
}
