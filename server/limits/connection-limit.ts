/**
 * At most `max` open connections (chat sockets) per user. With Redis they are counted across every process:
 * one sorted set per user of its connections, each with a lease that its process renews while it is open,
 * so the connections of a process that died without saying so stop counting when their lease runs out.
 * Without Redis, or while it is unreachable, each process counts its own connections (n processes allow n
 * times the limit); connections admitted meanwhile join the shared count at the next renewal.
 */
import { luaScript, type RedisConnection } from '../redis/connection.js';

/** How long a connection counts after its process last renewed it. */
const LEASE_MS = 60_000;
const RENEW_EVERY_MS = 20_000;
/** Connections renewed per script call. */
const RENEW_BATCH = 500;

/** KEYS[1]: the user's connections; ARGV: max, lease ms, this connection's id. */
const ADMIT = luaScript(`
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`);

/** KEYS: users' connection sets; ARGV[1]: lease ms, ARGV[i + 1]: the connection in KEYS[i]. */
const RENEW = luaScript(`
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local lease = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + lease, ARGV[i + 1])
  redis.call('PEXPIRE', key, lease)
end
return #KEYS
`);

const RELEASE = luaScript(`return redis.call('ZREM', KEYS[1], ARGV[1])`);

export interface ConnectionLimiter {
  max: number;
  /** Counts the connection in when the user has fewer than `max`; false when refused. */
  admit(userId: string, connectionId: string): Promise<boolean>;
  release(userId: string, connectionId: string): void;
  close(): void;
}

export function createConnectionLimiter(redis: RedisConnection | undefined, max: number): ConnectionLimiter {
  /** This process's open connections per user. */
  const local = new Map<string, Set<string>>();
  const key = (userId: string) => `connections:${userId}`;

  const renew = setInterval(() => {
    if (!redis?.available()) return;
    const pairs = [...local].flatMap(([userId, ids]) => [...ids].map((id) => [key(userId), id] as const));
    for (let start = 0; start < pairs.length; start += RENEW_BATCH) {
      const batch = pairs.slice(start, start + RENEW_BATCH);
      redis
        .script(
          RENEW,
          batch.map(([userKey]) => userKey),
          [String(LEASE_MS), ...batch.map(([, id]) => id)],
        )
        .catch(() => undefined);
    }
  }, RENEW_EVERY_MS);
  renew.unref();

  return {
    max,
    async admit(userId, connectionId) {
      const mine = local.get(userId) ?? new Set<string>();
      local.set(userId, mine);
      let allowed: boolean | undefined;
      if (redis?.available()) {
        try {
          allowed =
            (await redis.script(ADMIT, [key(userId)], [String(max), String(LEASE_MS), connectionId])) === 1;
        } catch {
          // Unreachable or too slow: this process decides alone.
        }
      }
      allowed ??= mine.size < max;
      if (allowed) {
        mine.add(connectionId);
        local.set(userId, mine);
      } else if (mine.size === 0) {
        local.delete(userId);
      }
      return allowed;
    },
    release(userId, connectionId) {
      const mine = local.get(userId);
      mine?.delete(connectionId);
      if (mine?.size === 0) local.delete(userId);
      if (redis?.available()) redis.script(RELEASE, [key(userId)], [connectionId]).catch(() => undefined);
    },
    close: () => clearInterval(renew),
  };
}
