import { AUTO_SCROLL_STEP_PX } from '../../../shared/constants.js';

export type ScrollDirection = 1 | -1;

/** One tick of the TOP strip (SPEC §9): a 1 px step, reversing at each end. */
export function autoScrollStep(
  position: number,
  max: number,
  direction: ScrollDirection,
  step = AUTO_SCROLL_STEP_PX,
): { position: number; direction: ScrollDirection } {
  if (max <= 0) return { position: 0, direction };
  let next = direction;
  if (position >= max - 0.5) next = -1;
  else if (position <= 0) next = 1;
  return { position: Math.min(max, Math.max(0, position + next * step)), direction: next };
}
