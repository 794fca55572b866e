import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from './config.js';

export interface Secrets {
  adminPassword: string;
  sessionSecret: string;
  /** True when the admin password was generated here and should be shown to the operator. */
  generatedPassword: boolean;
}

/**
 * ADMIN_PASSWORD and SESSION_SECRET: taken from the environment; outside production, generated once and
 * kept in DATA_DIR/secrets.json so they survive restarts. Production refuses to start without them.
 */
export function loadSecrets(config: Config): Secrets {
  if (config.ADMIN_PASSWORD && config.SESSION_SECRET) {
    return {
      adminPassword: config.ADMIN_PASSWORD,
      sessionSecret: config.SESSION_SECRET,
      generatedPassword: false,
    };
  }
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_PASSWORD and SESSION_SECRET must be set in production',
    );
  }
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Partial<{ adminPassword: string; sessionSecret: string }> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof stored;
  const adminPassword =
    config.ADMIN_PASSWORD ?? stored.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  const sessionSecret =
    config.SESSION_SECRET ?? stored.sessionSecret ?? crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ adminPassword, sessionSecret }, null, 2), { mode: 0o600 });
  return { adminPassword, sessionSecret, generatedPassword: !config.ADMIN_PASSWORD };
}
