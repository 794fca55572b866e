/** Scrolls an element back and forth, 1 px every 20 ms (SPEC §9), while active; still when motion is reduced. */
import { useEffect, useRef, type RefObject } from 'react';
import { AUTO_SCROLL_INTERVAL_MS } from '../../../shared/constants.js';
import { autoScrollStep, type ScrollDirection } from './autoScroll.js';

export function useAutoScroll(ref: RefObject<HTMLElement | null>, active: boolean): void {
  const direction = useRef<ScrollDirection>(1);

  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      const max = element.scrollWidth - element.clientWidth;
      const next = autoScrollStep(element.scrollLeft, max, direction.current);
      direction.current = next.direction;
      element.scrollLeft = next.position;
    }, AUTO_SCROLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [ref, active]);
}
