// The one way this repository starts a process that may outlive its caller (a server, a supervisor, a
// build, a test runner) and stops it again: used by npm start, npm test, the benches, the tests' server
// harness (server/test/server-process.ts) and the journeys. Plain JavaScript, so scripts run it with
// node alone; processes.d.mts types it for TypeScript.
//
// The rule it keeps: whoever starts a process stops the process that does the work, not a wrapper in
// front of it. `npx tsx x.ts` is npm, then sh, then node: a signal to the first leaves the last running.
// So start node itself (process.execPath, with `--import tsx` for TypeScript), or, where a wrapper cannot
// be avoided (npm run build), start it as its own process group and signal the whole group.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { clearTimeout, setTimeout } from 'node:timers';

const running = new Set();

const hasExited = ({ child }) => child.exitCode !== null || child.signalCode !== null;

/**
 * Sends `signal` to the process, or to its whole group; false when it is already gone. A process that has
 * exited is not signalled (its id may belong to another process by now); its group still is.
 */
function send(tracked, signal) {
  if (!tracked.group && hasExited(tracked)) return false;
  try {
    process.kill(tracked.group ? -tracked.pid : tracked.pid, signal);
    return true;
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    throw error;
  }
}

// However the caller ends (a failed test, an exception, process.exit), nothing it started outlives it.
// Only a SIGKILL of the caller itself skips this; the test run's teardown (server/test/global-setup.ts)
// then finds what was left and fails.
process.once('exit', () => {
  for (const tracked of running) send(tracked, 'SIGKILL');
});

/**
 * SIGTERM (or `signal`) to the process itself, SIGKILL after `graceMs`; once it has exited, SIGKILL to what
 * is left of its group (which may hold its output pipes open); then its output is drained too.
 */
async function stopTracked(tracked, { signal = 'SIGTERM', graceMs = 15_000 } = {}) {
  if (send({ ...tracked, group: false }, signal)) {
    const timer = setTimeout(() => send(tracked, 'SIGKILL'), graceMs);
    await tracked.ended;
    clearTimeout(timer);
  }
  if (tracked.group) send(tracked, 'SIGKILL');
  return tracked.exited;
}

/**
 * Spawns `command` with node's spawn options; `group: true` makes it the leader of a process group of its
 * own (what it starts belongs to that group), whose leftovers `stop` kills once the leader has exited.
 */
export function startProcess(command, args, { group = false, ...options } = {}) {
  const child = spawn(command, args, { ...options, detached: group });
  const tracked = { child, pid: child.pid, group };
  // The process itself has ended (its group may live on).
  tracked.ended = new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => child.pid === undefined && resolve());
  });
  tracked.exited = new Promise((resolve) => {
    // 'close' rather than 'exit': the pipes are drained too, so the output is whole when it resolves.
    child.once('close', (code, signal) => {
      running.delete(tracked);
      resolve({ code, signal, at: Date.now() });
    });
    // A command that could not start (no such file): reported through `exited`, never thrown.
    child.once('error', (error) => {
      if (child.pid !== undefined) return;
      running.delete(tracked);
      resolve({ code: null, signal: null, at: Date.now(), error });
    });
  });
  if (child.pid !== undefined) running.add(tracked);
  return {
    child,
    pid: child.pid,
    ended: tracked.ended,
    exited: tracked.exited,
    alive: () => child.pid !== undefined && !hasExited(tracked),
    /** Sends a signal to the process itself (not its group), as a process manager would. */
    signal: (signal) => send({ ...tracked, group: false }, signal),
    /**
     * Stops it: `signal` (default SIGTERM) to the process, SIGKILL if it has not exited after `graceMs`
     * (default 15 s), and with `group`, SIGKILL to anything left in its group once it has. Resolves with
     * how it exited.
     */
    stop: (options) => stopTracked(tracked, options),
  };
}

/** Stops every process started here that still runs (e.g. in an afterAll), each as `stop` does. */
export async function stopAllProcesses(options) {
  await Promise.all([...running].map((tracked) => stopTracked(tracked, options)));
}

/**
 * For a command-line script (npm start, npm test, a bench): SIGINT or SIGTERM to it stops what it started
 * first (the same signal, to each process, and SIGKILL to what is left of a group), then ends it as that
 * signal would have (exit 128 + the signal's number). Returns a function that removes these handlers.
 */
export function stopChildrenOnSignals() {
  const handlers = Object.entries({ SIGINT: 2, SIGTERM: 15 }).map(([signal, number]) => {
    const handler = () => void stopAllProcesses({ signal }).then(() => process.exit(128 + number));
    process.once(signal, handler);
    return [signal, handler];
  });
  return () => {
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
  };
}

/**
 * Whether a process with this id is still running: false once it is gone (process.kill(pid, 0) throws
 * ESRCH: a child reaped by its parent) or has exited and waits only to be reaped (a zombie).
 */
export function processExists(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code !== 'ESRCH';
  }
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return !fs.existsSync('/proc/self/status');
  }
}

/** Resolves once `pid` is no longer running (see processExists), or rejects after `ms`. */
export async function untilGone(pid, ms = 10_000) {
  const giveUp = Date.now() + ms;
  while (processExists(pid)) {
    if (Date.now() > giveUp) throw new Error(`process ${pid} still runs after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Processes whose environment holds `name=value` (Linux's /proc; elsewhere an empty list), with their
 * parent and command line: how a test run finds what it started and left running.
 */
export function processesWithEnvironment(name, value) {
  if (!fs.existsSync('/proc/self/environ')) return [];
  const wanted = `${name}=${value}`;
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environment = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!environment.includes(wanted)) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      // A zombie has exited; only its parent's wait is missing.
      if (/^State:\s+Z/m.test(status)) continue;
      found.push({
        pid: Number(entry),
        ppid: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0),
        command: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim(),
      });
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return found;
}
