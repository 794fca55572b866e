import { AUTO_SCROLL_INTERVAL_MS, AUTO_SCROLL_STEP_PX } from '../../../shared/constants.js';

export type ScrollDirection = 1 | -1;

/** docs/product.md §9's 1 px per 20 ms as a speed, so the strip moves as fast at any frame rate: 0.05 px/ms. */
export const AUTO_SCROLL_PX_PER_MS = AUTO_SCROLL_STEP_PX / AUTO_SCROLL_INTERVAL_MS;

/**
 * Where the TOP strip is `elapsedMs` later (docs/product.md §9): it moves at `speed` in its direction and turns back
 * at each end, keeping the distance it had left over, so a long frame never overshoots an end.
 */
export function autoScrollAdvance(
  position: number,
  max: number,
  direction: ScrollDirection,
  elapsedMs: number,
  speed = AUTO_SCROLL_PX_PER_MS,
): { position: number; direction: ScrollDirection } {
  if (max <= 0) return { position: 0, direction };
  let next = Math.min(max, Math.max(0, position)) + direction * speed * Math.max(0, elapsedMs);
  let heading = direction;
  // At most a bounce or two per frame in practice; the bound only guards against a huge elapsed time.
  for (let bounces = 0; (next > max || next < 0) && bounces < 8; bounces += 1) {
    if (next > max) next = 2 * max - next;
    else next = -next;
    heading = heading === 1 ? -1 : 1;
  }
  return { position: Math.min(max, Math.max(0, next)), direction: heading };
}
