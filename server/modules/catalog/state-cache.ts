/**
 * A bounded per-process cache whose entries hold for one catalogue state (see freshness.ts): a lookup
 * under another state recomputes. Concurrent misses of one key share a single computation, and the
 * least recently used key goes first when it is full (search text makes the keys unbounded).
 */
export class StateCache<V> {
  private readonly entries = new Map<string, { state: string; value: Promise<V> }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, state: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit?.state === state) {
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    const entry = { state, value };
    this.entries.set(key, entry);
    // A failure is not remembered: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}
