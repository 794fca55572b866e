/**
 * Sends taken while the event loop lags (capacity.ts, admitSend): the rate a lagging process takes is cut
 * each second the loop was behind, by how far behind it was, and given back once the loop keeps up. The
 * loop's delay is the input here (a LoopDelay whose windows the test sets); the clock is Vitest's. The
 * sockets' side (a send refused busy, sent again by the browser) is capacity.test.ts and e2e/chat.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoopDelay } from '../metrics/index.js';
import { createChatCapacity, LAG_MIN_SOCKETS } from './capacity.js';

const LIMIT_MS = 100;

describe('admitSend: sends taken while the event loop lags', () => {
  let windows: number[];
  const loopDelay: LoopDelay = {
    windows: () => windows,
    takeSinceLastRead: () => ({ p99: 0, max: 0 }),
    close: () => {},
  };
  const capacity = () => createChatCapacity({ maxSockets: 10_000, maxEventLoopLagMs: LIMIT_MS, loopDelay });
  /** How many of `tries` sends one second takes, then the clock moves to the next second. */
  const taken = (subject: ReturnType<typeof capacity>, tries: number, sockets = LAG_MIN_SOCKETS) => {
    let count = 0;
    for (let i = 0; i < tries; i += 1) if (subject.admitSend(sockets)) count += 1;
    vi.advanceTimersByTime(1_000);
    return count;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    windows = [];
  });
  afterEach(() => vi.useRealTimers());

  it('takes every send while the loop keeps up', () => {
    const subject = capacity();
    windows = [20, 30, 40];
    expect([taken(subject, 1_000), taken(subject, 1_000), taken(subject, 1_000)]).toEqual([
      1_000, 1_000, 1_000,
    ]);
  });

  it('cuts the rate each second the loop was behind, by how far, and gives it back as the loop recovers', () => {
    const subject = capacity();
    expect(taken(subject, 1_000)).toBe(1_000);
    windows = [400]; // four times over: the rate goes to 0.3 of what was taken
    expect(taken(subject, 1_000)).toBe(300);
    windows = [150]; // a half over: two thirds
    expect(taken(subject, 1_000)).toBe(200);
    windows = [80]; // under the limit, not by much: a fifth more
    expect(taken(subject, 1_000)).toBe(240);
    windows = [30]; // well under: doubled each second, and no limit once sends come slower than it
    expect([taken(subject, 1_000), taken(subject, 1_000), taken(subject, 1_000)]).toEqual([480, 960, 1_000]);
    expect([taken(subject, 1_000), taken(subject, 3_000)]).toEqual([1_000, 3_000]);
  });

  it('keeps taking some sends however far behind the loop is', () => {
    const subject = capacity();
    taken(subject, 100);
    windows = [5_000];
    for (let second = 0; second < 5; second += 1) taken(subject, 100);
    expect(taken(subject, 100)).toBe(50);
  });

  it('never refuses a process with few sockets, nor with the check off', () => {
    const subject = capacity();
    taken(subject, 1_000, LAG_MIN_SOCKETS - 1);
    windows = [5_000];
    expect(taken(subject, 1_000, LAG_MIN_SOCKETS - 1)).toBe(1_000);
    const off = createChatCapacity({ maxSockets: 10_000, maxEventLoopLagMs: 0, loopDelay });
    taken(off, 1_000);
    expect(taken(off, 1_000)).toBe(1_000);
  });
});
