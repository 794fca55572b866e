import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from './config.js';

export interface Secrets {
  readonly adminPassword: string;
  readonly sessionSecret: string;
  /** True when the admin password was generated here and should be shown to the operator. */
  readonly generatedPassword: boolean;
}

/** Long enough that the 5-guesses-per-15-minutes lockout leaves no practical way through. */
export const MIN_PRODUCTION_PASSWORD_LENGTH = 12;

type StoredSecrets = Partial<Record<'adminPassword' | 'sessionSecret', string>>;

/**
 * A 32-byte key for one purpose, derived from SESSION_SECRET (HKDF-SHA256). Each use of the secret
 * (admin sessions, buyer session tokens, ...) takes its own purpose, so a value made for one never
 * passes for another and none reveals the secret.
 */
export function deriveKey(sessionSecret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', sessionSecret, 'storefront', purpose, 32));
}

function readStored(file: string): StoredSecrets {
  if (!fs.existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  ${file} is not valid JSON; fix it, or delete it to generate new secrets`,
    );
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const stored: StoredSecrets = {};
  const adminPassword = text(record.adminPassword);
  const sessionSecret = text(record.sessionSecret);
  if (adminPassword) stored.adminPassword = adminPassword;
  if (sessionSecret) stored.sessionSecret = sessionSecret;
  return stored;
}

/**
 * Keeps exactly the generated secrets in the file, owner-only; with none generated the file goes, as it
 * would only hold stale values. Nothing is written when the file already is so (a read-only DATA_DIR
 * works once the environment gives both values). A new file is renamed over the old one, so a file once
 * made readable by others is replaced by a 0600 one and a crash mid-write leaves the old file whole.
 */
function keepGenerated(file: string, dataDir: string, generated: StoredSecrets): void {
  const exists = fs.existsSync(file);
  if (Object.keys(generated).length === 0) {
    if (exists) fs.rmSync(file, { force: true });
    return;
  }
  const text = JSON.stringify(generated, null, 2);
  if (exists && (fs.statSync(file).mode & 0o077) === 0 && fs.readFileSync(file, 'utf8') === text) return;
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}

/**
 * ADMIN_PASSWORD and SESSION_SECRET: taken from the environment; outside production, one that is not
 * set is generated once and kept in DATA_DIR/secrets.json so it survives restarts. A value the
 * environment gives is never written down, and once the environment gives one, the stored one is
 * dropped from the file. Production refuses to start without both, or with a short password.
 */
export function loadSecrets(config: Config): Secrets {
  if (config.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (!config.ADMIN_PASSWORD) problems.push('ADMIN_PASSWORD must be set in production');
    else if ([...config.ADMIN_PASSWORD].length < MIN_PRODUCTION_PASSWORD_LENGTH) {
      problems.push(
        `ADMIN_PASSWORD must be at least ${MIN_PRODUCTION_PASSWORD_LENGTH} characters in production`,
      );
    }
    if (!config.SESSION_SECRET) problems.push('SESSION_SECRET must be set in production');
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets | undefined;
  const generated: StoredSecrets = {};
  const fromEnvOrFile = (given: string | undefined, key: keyof StoredSecrets, bytes: number) => {
    if (given) return given;
    stored ??= readStored(file);
    const value = stored[key] ?? crypto.randomBytes(bytes).toString('base64url');
    generated[key] = value;
    return value;
  };
  const adminPassword = fromEnvOrFile(config.ADMIN_PASSWORD, 'adminPassword', 12);
  const sessionSecret = fromEnvOrFile(config.SESSION_SECRET, 'sessionSecret', 32);
  keepGenerated(file, config.dataDir, generated);
  return { adminPassword, sessionSecret, generatedPassword: !config.ADMIN_PASSWORD };
}
