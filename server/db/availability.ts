/**
 * Whether the database answers, as the last connection attempts and statements found it. It changes
 * state at the start and at the end of an outage, not on each failed query, so one outage is one pair
 * of log lines however many requests it fails (main.ts logs the changes).
 */
export type AvailabilityListener = (change: { reachable: boolean; cause?: unknown }) => void;

export class DatabaseAvailability {
  #reachable = true;
  readonly #listeners = new Set<AvailabilityListener>();

  get reachable(): boolean {
    return this.#reachable;
  }

  /** Told once when an outage starts (with what showed it) and once when it ends. */
  onChange(listener: AvailabilityListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  unreachable(cause: unknown): void {
    if (!this.#reachable) return;
    this.#reachable = false;
    for (const listener of this.#listeners) listener({ reachable: false, cause });
  }

  answered(): void {
    if (this.#reachable) return;
    this.#reachable = true;
    for (const listener of this.#listeners) listener({ reachable: true });
  }
}
