/**
 * The process's event-loop delay, read once (one `monitorEventLoopDelay`) for both its readers: /metrics (the
 * delay since the last scrape) and the chat's lag refusal (chat/capacity.ts: the p99 of the last one-second
 * windows).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const WINDOW_MS = 1_000;
/** One-second windows kept (the chat looks at the last three). */
const WINDOWS_KEPT = 10;

export interface LoopDelay {
  /** The p99 (ms) of each of the last one-second windows, oldest first. */
  windows(): readonly number[];
  /**
   * Since the last call (a scrape): the highest p99 of a one-second window and the longest delay (ms), the
   * window in progress included (so a delay in it may show in the next call too).
   */
  takeSinceLastRead(): { p99: number; max: number };
  close(): void;
}

export function createLoopDelay(): LoopDelay {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (nanoseconds: number) => nanoseconds / 1e6;
  const current = () =>
    histogram.count > 0 ? { p99: ms(histogram.percentile(99)), max: ms(histogram.max) } : { p99: 0, max: 0 };
  const windows: number[] = [];
  let sinceRead = { p99: 0, max: 0 };
  const sample = setInterval(() => {
    const window = current();
    windows.push(window.p99);
    if (windows.length > WINDOWS_KEPT) windows.shift();
    sinceRead = { p99: Math.max(sinceRead.p99, window.p99), max: Math.max(sinceRead.max, window.max) };
    histogram.reset();
  }, WINDOW_MS);
  sample.unref();
  return {
    windows: () => windows,
    takeSinceLastRead() {
      const window = current();
      const read = { p99: Math.max(sinceRead.p99, window.p99), max: Math.max(sinceRead.max, window.max) };
      sinceRead = { p99: 0, max: 0 };
      return read;
    },
    close() {
      clearInterval(sample);
      histogram.disable();
    },
  };
}
