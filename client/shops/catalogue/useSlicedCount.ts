import { startTransition, useEffect, useState } from 'react';
import { pageSlices } from './sliceQueue.js';

/**
 * How many of `total` items to render: `first` with the first paint, then `step` more per turn of the
 * page's slice queue (sliceQueue.ts), each rendered as a transition React can interrupt. A list that grows
 * later (new results) is filled up the same way; one that shrinks shows what it has.
 */
export function useSlicedCount(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    return pageSlices.add(() =>
      startTransition(() => setShown((current) => Math.min(total, current + step))),
    );
  }, [shown, total, step]);
  return Math.min(shown, total);
}
