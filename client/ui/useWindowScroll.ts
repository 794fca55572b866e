/**
 * Window scroll state for the header and the scroll-to-top button, updated at most once per frame. The
 * position is read in an animation frame, never in the effect itself: right after React's commit the
 * page's layout is stale, and reading scrollY there lays the whole page out inside the commit's task
 * (a forced reflow of 15-65 ms at 4x CPU throttling after the first view, issue 21).
 */
import { useEffect, useState } from 'react';

/** Whether the page is scrolled past a threshold. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    frame = window.requestAnimationFrame(update);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}

/**
 * Whether the page was last scrolled down, past `offset` px: a phone's header slides away then and
 * comes back on the first scroll up. Small moves (under 8 px, e.g. a finger's jitter) change nothing.
 */
export function useScrollingDown(offset: number): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last: number | undefined;
    const start = window.requestAnimationFrame(() => {
      last ??= window.scrollY;
    });
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      last ??= y;
      if (y <= offset) setDown(false);
      else if (Math.abs(y - last) >= 8) setDown(y > last);
      else return;
      last = y;
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.cancelAnimationFrame(start);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [offset]);
  return down;
}

export function scrollToTop(): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
}
