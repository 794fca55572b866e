/** Touch swipes on an element: left shows the next image, right the previous (50 px threshold). */
import { useRef, type TouchEvent } from 'react';
import { swipeDirection } from './swipe.js';

export function useSwipe(onNext: () => void, onPrev: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  /** True right after a swipe, so the click that may follow does not open the fullscreen view. */
  const swiped = useRef(false);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    swiped.current = false;
  };

  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (!start.current || !touch) return;
    const direction = swipeDirection(touch.clientX - start.current.x, touch.clientY - start.current.y);
    start.current = null;
    if (direction === 'next') onNext();
    if (direction === 'prev') onPrev();
    swiped.current = direction !== null;
  };

  return { handlers: { onTouchStart, onTouchEnd }, swiped };
}
