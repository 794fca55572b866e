/** Vitest's global setup: one tag for the run's PostgreSQL schemas, and their drop after the last file. */
import { dropTestSchemas, testRun } from './test-schemas.js';

export default function setup(): () => Promise<void> {
  const run = testRun();
  return async () => {
    if (process.env.TEST_DATABASE_URL) await dropTestSchemas(process.env.TEST_DATABASE_URL, run);
  };
}
