import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Drops the run's PostgreSQL test schemas after the last file (server/test/test-schemas.ts).
    globalSetup: ['server/test/global-setup.ts'],
    // Fails a test whose API answers the OpenAPI document does not describe (server/test/openapi-drift.ts).
    setupFiles: ['server/test/openapi-drift-setup.ts'],
    // Two files at once on the 2-core CI machine: most of the slow files wait on timers (outages, deadlines),
    // so the default of one fork left a core idle (PostgreSQL run: 357 s with one, 182 s with two).
    maxWorkers: 2,
  },
});
