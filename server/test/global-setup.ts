/**
 * Vitest's global setup: one tag for the run (its PostgreSQL schemas, and every process it starts), the
 * schemas' drop after the last file, and a check that no process the run started is still running.
 */
import { processesWithEnvironment } from '../../scripts/processes.mjs';
import { dropTestSchemas, RUN_VARIABLE, testRun } from './test-schemas.js';

/**
 * What the run started and left running: every process carrying the run's tag in its environment (the
 * workers inherit it, and so does whatever they spawn), but this process and its own workers. A test
 * must stop what it starts and await its exit (server/test/server-process.ts, scripts/processes.mjs).
 */
export function leftoverProcesses(run: string) {
  return processesWithEnvironment(RUN_VARIABLE, run).filter(
    (found) => found.pid !== process.pid && !(found.ppid === process.pid && /vitest/.test(found.command)),
  );
}

export default function setup(): () => Promise<void> {
  const run = testRun();
  return async () => {
    const dropped = process.env.TEST_DATABASE_URL
      ? dropTestSchemas(process.env.TEST_DATABASE_URL, run).then(
          () => undefined,
          (error: unknown) => error,
        )
      : Promise.resolve(undefined);
    const dropFailure = await dropped;
    // One killed as its test's worker exited (scripts/processes.mjs) may take a moment to be gone.
    const giveUp = Date.now() + 3000;
    let left = leftoverProcesses(run);
    while (left.length > 0 && Date.now() < giveUp) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = leftoverProcesses(run);
    }
    for (const { pid } of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    if (left.length > 0) {
      // Vitest reports an error thrown here but still exits 0: the exit code says it too.
      process.exitCode = 1;
      throw new Error(
        `The tests left ${left.length} process(es) running (now killed); stop each one and await its exit:\n` +
          left.map(({ pid, command }) => `  ${pid} ${command}`).join('\n'),
      );
    }
    if (dropFailure) throw dropFailure;
  };
}
