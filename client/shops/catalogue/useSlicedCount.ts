import { startTransition, useEffect, useState } from 'react';
import { pageSlices, type SliceKind } from './sliceQueue.js';

/**
 * How many of `total` items to render: `first` with the first paint, then `step` more per turn of the
 * page's slice queue (sliceQueue.ts; `kind` says which line it waits in), each rendered as a transition
 * React can interrupt. A list that grows later (new results) is filled up the same way; one that
 * shrinks shows what it has.
 */
export function useSlicedCount(total: number, first: number, step: number, kind: SliceKind): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    return pageSlices.add(
      () => startTransition(() => setShown((current) => Math.min(total, current + step))),
      kind,
    );
  }, [shown, total, step, kind]);
  return Math.min(shown, total);
}
