/** The login lockout of docs/product.md §4 as pure time arithmetic: what a stored blocked-until value means now. */
export type LoginBlock = { state: 'none' } | { state: 'expired' } | { state: 'active'; until: number };

/** Reads the stored blocked-until timestamp (milliseconds since the epoch) at the time `now`. */
export function parseLoginBlock(stored: string | null, now: number): LoginBlock {
  if (stored === null || stored.trim() === '') return { state: 'none' };
  const until = Number(stored);
  if (!Number.isFinite(until)) return { state: 'expired' };
  return until > now ? { state: 'active', until } : { state: 'expired' };
}

/** The block's end for a 429 answer: now plus the server's retryAfter seconds. */
export function blockedUntil(now: number, retryAfterSeconds: number): number {
  return now + Math.max(0, retryAfterSeconds) * 1000;
}

/** Whole seconds left until `until`, rounded up so the countdown reaches 0:00 exactly at the end. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}
