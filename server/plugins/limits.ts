import type { FastifyInstance } from 'fastify';
import { createConnectionLimiter, type ConnectionLimiter } from '../limits/connection-limit.js';
import { createRateLimiter, type RateLimiter } from '../limits/rate-limit.js';
import { CHAT_SOCKETS_PER_USER } from '../modules/chat/index.js';
import { registerHealthProbe } from '../modules/system/index.js';
import { connectRedis, type RedisConnection } from '../redis/connection.js';

export interface Limits {
  /** Undefined without REDIS_URL: then every limit counts in this process alone. */
  redis: RedisConnection | undefined;
  limiter: RateLimiter;
  connections: ConnectionLimiter;
}

/**
 * The per-user limits, and with REDIS_URL the Redis they (and the chat's rooms) share with every process.
 * Redis must answer at start (10 s); afterwards an outage is logged and lived through
 * (redis/connection.ts), and /api/health names it while it lasts. All of it closes with the app.
 */
export async function registerLimits(app: FastifyInstance): Promise<Limits> {
  const { REDIS_URL } = app.deps.config;
  const redis = REDIS_URL ? await connectRedis(REDIS_URL, app.log) : undefined;
  if (redis) registerHealthProbe(app, 'redis', () => redis.probe());
  const limiter = createRateLimiter(redis);
  const connections = createConnectionLimiter(redis, CHAT_SOCKETS_PER_USER);
  app.addHook('onClose', async () => {
    limiter.close();
    connections.close();
    await redis?.close();
  });
  return { redis, limiter, connections };
}
