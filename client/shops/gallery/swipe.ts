import { SWIPE_THRESHOLD_PX } from '../../../shared/constants.js';

/** A horizontal swipe longer than the threshold (docs/product.md §9: 50 px): left shows the next image. */
export function swipeDirection(
  deltaX: number,
  deltaY = 0,
  threshold = SWIPE_THRESHOLD_PX,
): 'next' | 'prev' | null {
  if (Math.abs(deltaX) <= threshold || Math.abs(deltaX) < Math.abs(deltaY)) return null;
  return deltaX < 0 ? 'next' : 'prev';
}
