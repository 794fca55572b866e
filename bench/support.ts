/** What every bench's app shares: production settings in a fresh temporary DATA_DIR. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../server/config.js';

/**
 * The configuration main.ts would load in production, with demo sign-in and the sandbox payment page
 * allowed (as for a public demo), no seed and silent logs; `extra` adds or overrides variables.
 */
export function benchConfig(extra: Record<string, string> = {}): { config: Config; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    ALLOW_DEMO_SIGN_IN: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'bench admin password',
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    ...extra,
  });
  return { config, dataDir };
}
