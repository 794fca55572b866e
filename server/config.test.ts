import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has defaults for one machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.SEED_DEMO).toBe(true);
    expect(config.RETAILER_NAME).toBe('Amazon');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.imagesDir).toMatch(/data[/\\]images$/);
  });

  it('reads lists and flags', () => {
    const config = loadConfig({
      ADMIN_USER_IDS: ' a, b ,,',
      SEED_DEMO: 'off',
      DATABASE_URL: 'postgres://x@h/db',
    });
    expect(config.ADMIN_USER_IDS).toEqual(['a', 'b']);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.DATABASE_URL).toBe('postgres://x@h/db');
  });

  it('refuses a TRUST_PROXY that would trust any client', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be false, a hop count/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
    expect(typeof loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe('function');
  });

  it('refuses bad values with a sentence naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//);
      expect(message).toMatch(/SEED_DEMO must be one of/);
    }
  });

  it('refuses demo sign-in in production unless the operator allows it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /GOOGLE_CLIENT_ID must be set in production: demo sign-in lets anyone sign in as any buyer/,
    );
    expect(loadConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id.apps' }).GOOGLE_CLIENT_ID).toBe(
      'id.apps',
    );
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_SIGN_IN: 'true' }).ALLOW_DEMO_SIGN_IN).toBe(true);
    expect(loadConfig({}).ALLOW_DEMO_SIGN_IN).toBe(false);
  });
});
