/**
 * The one rate-limit mechanism (chat socket events, chat image uploads): at most `max` hits per sliding
 * window of `windowMs`, per limit and subject (a user id). With Redis the count is shared by every process
 * (one Lua script: trim the window, count, add); without it, or while Redis is unreachable, each process
 * counts on its own. An outage therefore neither refuses everything nor lets everything through: a user
 * keeps the limit per process (n processes allow at most n times the limit) until Redis answers again.
 * A refusal is an HttpError 429 with the limit's sentence and `retryAfter` (seconds), which the error
 * handler also sends as Retry-After; the chat socket sends the same sentence as its refusal.
 */
import crypto from 'node:crypto';
import { HttpError } from '../http/errors.js';
import { luaScript, type RedisConnection } from '../redis/connection.js';

export interface RateLimit {
  /** A short stable name: part of the Redis key. */
  name: string;
  max: number;
  windowMs: number;
  /** The refusal, given how many seconds until the next hit is allowed. */
  sentence(retryAfterSeconds: number): string;
}

export interface Verdict {
  allowed: boolean;
  /** When refused: how long until the oldest hit of the window leaves it. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one hit (when allowed) and says whether it was. */
  hit(limit: RateLimit, subject: string): Promise<Verdict>;
  /** The same, throwing the limit's 429 when refused. */
  enforce(limit: RateLimit, subject: string): Promise<void>;
  close(): void;
}

/** KEYS[1]: the window's log (a sorted set of hits by time); ARGV: max, window ms, a unique member. */
const SLIDING_WINDOW = luaScript(`
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}
`);

function verdictOf(reply: unknown): Verdict {
  if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
    throw new Error('unexpected reply from the rate-limit script');
  }
  return { allowed: reply[0] === 1, retryAfterMs: Math.max(0, reply[1]) };
}

export function tooManyRequests(limit: RateLimit, retryAfterMs: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, limit.sentence(retryAfter), { retryAfter });
}

/** How often windows nobody touched lately are dropped from this process's memory. */
const LOCAL_SWEEP_MS = 60_000;

export function createRateLimiter(redis: RedisConnection | undefined, now = () => Date.now()): RateLimiter {
  /** This process's own hits, per limit and subject: the whole count without Redis, the fallback with it. */
  const local = new Map<string, { windowMs: number; times: number[] }>();

  function hitLocally(key: string, limit: RateLimit, record: 'if-allowed' | 'always'): Verdict {
    const at = now();
    const entry = local.get(key) ?? { windowMs: limit.windowMs, times: [] };
    entry.times = entry.times.filter((time) => at - time < limit.windowMs);
    local.set(key, entry);
    const allowed = entry.times.length < limit.max;
    if (allowed || record === 'always') entry.times.push(at);
    return { allowed, retryAfterMs: allowed ? 0 : entry.times[0]! + limit.windowMs - at };
  }

  const sweep = setInterval(() => {
    const at = now();
    for (const [key, entry] of local) {
      if (entry.times.every((time) => at - time >= entry.windowMs)) local.delete(key);
    }
  }, LOCAL_SWEEP_MS);
  sweep.unref();

  async function hit(limit: RateLimit, subject: string): Promise<Verdict> {
    const key = `${limit.name}:${subject}`;
    if (redis?.available()) {
      try {
        const verdict = verdictOf(
          await redis.script(
            SLIDING_WINDOW,
            [`rate:${key}`],
            [String(limit.max), String(limit.windowMs), crypto.randomUUID()],
          ),
        );
        // Kept locally too, so a Redis that goes away mid-window leaves this process's recent hits counted.
        if (verdict.allowed) hitLocally(key, limit, 'always');
        return verdict;
      } catch {
        // Unreachable or too slow (logged once per episode by the connection): count in this process.
      }
    }
    return hitLocally(key, limit, 'if-allowed');
  }

  return {
    hit,
    async enforce(limit, subject) {
      const verdict = await hit(limit, subject);
      if (!verdict.allowed) throw tooManyRequests(limit, verdict.retryAfterMs);
    },
    close: () => clearInterval(sweep),
  };
}
