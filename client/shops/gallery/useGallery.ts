/** The gallery's current image with wrap-around and a 150 ms fade between images (docs/product.md §2, §9). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { IMAGE_FADE_MS } from '../../../shared/constants.js';
import { wrapIndex } from '../../../shared/rules/display.js';

export function useGallery(count: number) {
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  const target = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = useCallback(
    (next: number) => {
      const wrapped = wrapIndex(next, count);
      if (wrapped === target.current) return;
      target.current = wrapped;
      window.clearTimeout(timer.current);
      setFading(true);
      timer.current = window.setTimeout(() => {
        setIndex(wrapped);
        setFading(false);
      }, IMAGE_FADE_MS);
    },
    [count],
  );

  const next = useCallback(() => show(target.current + 1), [show]);
  const prev = useCallback(() => show(target.current - 1), [show]);
  return { index, fading, next, prev };
}
