import type { ChildProcess, SpawnOptions } from 'node:child_process';

/** processes.mjs: starting processes that may outlive their caller, and stopping the one that works. */

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** When it exited (Date.now()). */
  at: number;
  /** Set when the command could not be started at all. */
  error?: Error;
}

export interface StopOptions {
  /** Sent first; default SIGTERM. */
  signal?: NodeJS.Signals;
  /** Then SIGKILL after this long; default 15 s. */
  graceMs?: number;
}

export interface StartedProcess {
  child: ChildProcess;
  pid: number | undefined;
  /** Resolves once the process itself has exited (what it started, or its output, may live on). */
  ended: Promise<void>;
  /** Resolves once it has exited and its output is drained. */
  exited: Promise<ProcessExit>;
  alive(): boolean;
  /** Sends a signal to the process itself (not its group); false when it is gone. */
  signal(signal: NodeJS.Signals): boolean;
  stop(options?: StopOptions): Promise<ProcessExit>;
}

export function startProcess(
  command: string,
  args: readonly string[],
  options?: SpawnOptions & { group?: boolean },
): StartedProcess;

export function stopAllProcesses(options?: StopOptions): Promise<void>;

/** Returns a function that removes the handlers it installed. */
export function stopChildrenOnSignals(): () => void;

export function processExists(pid: number): boolean;

/** Resolves once the process is no longer running; rejects after `ms` (default 10 s). */
export function untilGone(pid: number, ms?: number): Promise<void>;

export interface FoundProcess {
  pid: number;
  ppid: number;
  command: string;
}

export function processesWithEnvironment(name: string, value: string): FoundProcess[];
