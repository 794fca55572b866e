import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { deriveKey, loadSecrets } from './secrets.js';

describe('secrets', () => {
  let dataDir: string;
  let file: string;
  const load = (env: Record<string, string> = {}) =>
    loadSecrets(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', ...env }));
  const stored = () => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  const mode = () => fs.statSync(file).mode & 0o777;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-secrets-'));
    file = path.join(dataDir, 'secrets.json');
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('generates both once, keeps them owner-only and reuses them on the next start', () => {
    const first = load();
    expect(first.adminPasswordSource).toBe('generated');
    expect(stored()).toEqual({ adminPassword: first.adminPassword, sessionSecret: first.sessionSecret });
    expect(mode()).toBe(0o600);
    expect(load()).toEqual({ ...first, adminPasswordSource: 'stored' });
  });

  it('never writes down a password or secret the environment gives', () => {
    const secrets = load({ ADMIN_PASSWORD: 'from the environment' });
    expect(secrets).toMatchObject({
      adminPassword: 'from the environment',
      adminPasswordSource: 'environment',
    });
    expect(fs.readFileSync(file, 'utf8')).not.toContain('from the environment');
    expect(Object.keys(stored())).toEqual(['sessionSecret']);

    load({ ADMIN_PASSWORD: 'from the environment', SESSION_SECRET: 'secret from the environment' });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('drops a stored value once the environment gives one, and keeps the rest', () => {
    const generated = load();
    const secrets = load({ ADMIN_PASSWORD: 'the new password' });
    expect(secrets.adminPassword).toBe('the new password');
    expect(secrets.sessionSecret).toBe(generated.sessionSecret);
    expect(stored()).toEqual({ sessionSecret: generated.sessionSecret });
    expect(fs.readFileSync(file, 'utf8')).not.toContain(generated.adminPassword);

    load({ ADMIN_PASSWORD: 'the new password', SESSION_SECRET: 'the new secret' });
    expect(fs.existsSync(file)).toBe(false);
    // Without the environment again, nothing old comes back: fresh values are made.
    const fresh = load();
    expect(fresh.adminPassword).not.toBe(generated.adminPassword);
    expect(fresh.adminPassword).not.toBe('the new password');
    expect(fresh.sessionSecret).not.toBe(generated.sessionSecret);
  });

  it('makes a secrets file that others could read owner-only again', () => {
    const generated = load();
    fs.chmodSync(file, 0o644);
    expect(load()).toEqual({ ...generated, adminPasswordSource: 'stored' });
    expect(mode()).toBe(0o600);
  });

  it('stops with a sentence when the file is not JSON', () => {
    fs.writeFileSync(file, '{ not json', { mode: 0o600 });
    expect(() => load()).toThrow(ConfigError);
    expect(() => load()).toThrow(/secrets\.json is not valid JSON; fix it, or delete it/);
  });

  describe('in production', () => {
    const production = (env: Record<string, string>) =>
      loadSecrets(
        loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'client.apps', ...env }),
      );

    it('refuses to start without both values', () => {
      expect(() => production({ SESSION_SECRET: 'x'.repeat(40) })).toThrow(
        /ADMIN_PASSWORD must be set in production/,
      );
      expect(() => production({ ADMIN_PASSWORD: 'long enough password' })).toThrow(
        /SESSION_SECRET must be set in production/,
      );
    });

    it('refuses an admin password shorter than 12 characters with a sentence', () => {
      const attempt = () => production({ ADMIN_PASSWORD: 'elevenchars', SESSION_SECRET: 'x'.repeat(40) });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(
        'Invalid configuration:\n  ADMIN_PASSWORD must be at least 12 characters in production',
      );
      const secrets = production({ ADMIN_PASSWORD: 'twelve chars', SESSION_SECRET: 'x'.repeat(40) });
      expect(secrets.adminPassword).toBe('twelve chars');
      expect(fs.existsSync(file)).toBe(false);
    });

    it('counts characters, not bytes', () => {
      expect(() => production({ ADMIN_PASSWORD: 'пароль', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
        /at least 12 characters/,
      );
    });

    it('removes values a development run left behind', () => {
      load();
      production({ ADMIN_PASSWORD: 'a long production password', SESSION_SECRET: 'x'.repeat(40) });
      expect(fs.existsSync(file)).toBe(false);
    });
  });

  it('derives a different key per purpose and per secret', () => {
    const key = deriveKey('secret', 'admin-session');
    expect(key).toHaveLength(32);
    expect(deriveKey('secret', 'admin-session')).toEqual(key);
    expect(deriveKey('secret', 'buyer-session')).not.toEqual(key);
    expect(deriveKey('other secret', 'admin-session')).not.toEqual(key);
  });
});
