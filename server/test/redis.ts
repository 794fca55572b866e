/** The Redis the tests use (127.0.0.1:6379, as on CI), and whether it answers: tests that need it skip otherwise. */
import { createClient } from 'redis';

export const TEST_REDIS = { host: '127.0.0.1', port: 6379 };
export const TEST_REDIS_URL = `redis://${TEST_REDIS.host}:${TEST_REDIS.port}`;

export async function testRedisAnswers(): Promise<boolean> {
  const client = createClient({
    url: TEST_REDIS_URL,
    socket: { connectTimeout: 1000, reconnectStrategy: false },
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}
