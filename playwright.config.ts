import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * The server's data folder. Workers load this file again in processes of their own, so the runner's
 * choice travels to them in the environment: a journey reads the e-mails the server wrote there
 * (e2e/support/mail.ts).
 */
const dataDir = (process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `storefront-e2e-${process.pid}`));

/** Journeys in Debian's Chromium against the built app, seeded with the demo catalogue in a fresh data folder. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two workers on a 2-core CI machine: a journey with many steps can take three times its quiet time.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace costs about a third of a journey's CPU; the retry records one, which is where a flaky step shows.
    trace: 'on-first-retry',
    // The drifting background and marquee repaint every frame in software; journeys about motion ask for it.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node dist/server/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ADMIN_PASSWORD: 'e2e-admin-password',
      SESSION_SECRET: 'e2e-session-secret',
      // The admin journey adds an image from a link served by the test itself on 127.0.0.1.
      IMAGE_LINKS_ALLOW_PRIVATE: 'true',
      // As behind a reverse proxy on the same machine: a journey can then arrive as a client of its own.
      TRUST_PROXY: '127.0.0.1',
      // The chat journey's seller signs in (demo) with this sub.
      SELLER_USER_ID: 'e2e-seller',
    },
  },
});
