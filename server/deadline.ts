/**
 * Deadlines for waiting on something outside the process (PostgreSQL, Redis): a promise given up after
 * a while, and the start-up wait for a dependency, which retries it for a bounded time and then stops the
 * start with one sentence naming it instead of hanging without a word.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * `work`'s outcome, or a DeadlineExceeded once `ms` pass without one. The work itself goes on unless
 * `onTimeout` stops it (a socket to destroy, a client to end).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new DeadlineExceeded(ms));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Stops the start; its message is one sentence for the operator, printed as it is (main.ts). */
export class StartupError extends Error {
  constructor(sentence: string, options?: { cause?: unknown }) {
    super(sentence, options);
    this.name = 'StartupError';
  }
}

export const STARTUP_WAIT_MS = 10_000;

export interface DependencyWait<T> {
  /** Named in the sentence: 'PostgreSQL at 127.0.0.1:5432', 'Redis at cache:6379'. */
  name: string;
  /** One try at reaching it. It should end by itself (a connect timeout); it is given up at the limit. */
  attempt: () => Promise<T>;
  /** How long to keep trying (default STARTUP_WAIT_MS): a dependency still starting gets that long. */
  limitMs?: number;
  /** The pause between failed tries (default 500 ms). */
  retryEveryMs?: number;
  /** For a failure no retry can mend (a wrong password), the sentence to stop with at once. */
  permanent?: (error: unknown) => string | undefined;
  /**
   * The sentence when the time is up, from the last failure (undefined when the last try was still
   * waiting). Default: '<name> did not answer within 10 s.'
   */
  giveUp?: (lastFailure: unknown, limitMs: number) => string;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Tries `attempt` until it succeeds or the limit passes; then throws a StartupError with one sentence. */
export async function waitForDependency<T>(wait: DependencyWait<T>): Promise<T> {
  const limitMs = wait.limitMs ?? STARTUP_WAIT_MS;
  const giveUp = (failure: unknown) =>
    new StartupError(
      wait.giveUp?.(failure, limitMs) ?? `${wait.name} did not answer within ${seconds(limitMs)}.`,
      {
        cause: failure,
      },
    );
  const deadline = Date.now() + limitMs;
  let lastFailure: unknown;
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw giveUp(lastFailure);
    try {
      return await withDeadline(wait.attempt(), remaining);
    } catch (error) {
      if (error instanceof DeadlineExceeded) throw giveUp(undefined);
      const sentence = wait.permanent?.(error);
      if (sentence !== undefined) throw new StartupError(sentence, { cause: error });
      lastFailure = error;
    }
    await sleep(Math.max(0, Math.min(wait.retryEveryMs ?? 500, deadline - Date.now())));
  }
}
