/**
 * A bounded per-process cache whose entries hold for one catalogue state (see freshness.ts): a lookup
 * under another state recomputes. Concurrent misses of one key share a single computation. It keeps at
 * most `maxSize` (as `sizeOf` measures) and lets the least recently used keys go first, since search
 * text makes the keys unbounded; a value larger than an eighth of that is not kept at all.
 */
export class StateCache<V> {
  private readonly entries = new Map<string, { state: string; value: Promise<V>; size: number }>();
  private size = 0;

  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string, state: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit?.state === state) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    if (hit) this.remove(key);
    const entry = { state, value: compute(), size: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = this.sizeOf(value);
        if (entry.size > this.maxSize / 8) return this.remove(key);
        this.size += entry.size;
        for (const oldest of this.entries.keys()) {
          if (this.size <= this.maxSize) break;
          this.remove(oldest);
        }
      },
      // A failure is not remembered: the next request tries again.
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return entry.value;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.size -= entry.size;
    this.entries.delete(key);
  }
}
