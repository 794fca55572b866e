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

/**
 * 'rows' go before 'cards': a row changes the page's height (the footer and the scrollbar move until
 * the last row is in), a row's later cards only extend it sideways, off screen.
 */
export type SliceKind = 'rows' | 'cards';

export interface SliceQueue {
  /**
   * Queues `step`, run in its turn after the steps of its kind queued before it (and after every 'rows'
   * step, if it is 'cards'); returns a function that drops it.
   */
  add: (step: () => void, kind?: SliceKind) => () => void;
}

/** Two first-in, first-out lines, rows before cards, that run one step per `turn`. */
export function createSliceQueue(turn: Turn = afterNextPaint): SliceQueue {
  const lines: Record<SliceKind, (() => void)[]> = { rows: [], cards: [] };
  let waiting = false;
  const pending = () => lines.rows.length + lines.cards.length;

  const runOne = () => {
    waiting = false;
    const step = lines.rows.shift() ?? lines.cards.shift();
    if (!step) return;
    step();
    schedule();
  };
  const schedule = () => {
    if (waiting || pending() === 0) return;
    waiting = true;
    turn(runOne);
  };

  return {
    add(step, kind = 'cards') {
      const line = lines[kind];
      line.push(step);
      schedule();
      return () => {
        const at = line.indexOf(step);
        if (at >= 0) line.splice(at, 1);
      };
    },
  };
}

/** The page's queue: every sliced list takes its turn in it. */
export const pageSlices = createSliceQueue();
