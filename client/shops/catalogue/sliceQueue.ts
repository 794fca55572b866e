/**
 * One queue for the whole page's deferred rendering (issue 21): rows and cards past the first view are
 * added in slices, and the page runs one slice per turn, each after the browser has painted the last.
 * React's own deferral (useDeferredValue) rendered every deferred row and card in one pass and committed
 * them together: one task of 100-400 ms on a slow phone (the commit, then style and layout of it all).
 * Here each slice is its own small render, commit and layout, and a tap between two slices is answered
 * at once.
 */

/** Runs `run` once the browser may have painted: after the next frame, or soon in a hidden tab (no frames). */
export type Turn = (run: () => void) => void;

export const afterNextPaint: Turn = (run) => {
  if (typeof document === 'undefined' || document.hidden || typeof requestAnimationFrame !== 'function') {
    setTimeout(run, 0);
    return;
  }
  // A task queued from a frame's callback runs after that frame's style, layout and paint.
  requestAnimationFrame(() => setTimeout(run, 0));
};

export interface SliceQueue {
  /** Queues `step`, run in its turn after the steps queued before it; returns a function that drops it. */
  add: (step: () => void) => () => void;
}

/** A first-in, first-out queue that runs one step per `turn`. */
export function createSliceQueue(turn: Turn = afterNextPaint): SliceQueue {
  const steps: (() => void)[] = [];
  let waiting = false;

  const runOne = () => {
    waiting = false;
    const step = steps.shift();
    if (!step) return;
    step();
    schedule();
  };
  const schedule = () => {
    if (waiting || steps.length === 0) return;
    waiting = true;
    turn(runOne);
  };

  return {
    add(step) {
      steps.push(step);
      schedule();
      return () => {
        const at = steps.indexOf(step);
        if (at >= 0) steps.splice(at, 1);
      };
    },
  };
}

/** The page's queue: every sliced list takes its turn in it. */
export const pageSlices = createSliceQueue();
