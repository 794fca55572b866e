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

  it.each([
    ['ORDER_HOLD_MINUTES', '1.5', 'ORDER_HOLD_MINUTES must be a whole number of minutes'],
    ['ORDER_HOLD_MINUTES', '0', 'ORDER_HOLD_MINUTES must be 1 or more'],
    ['ORDER_HOLD_MINUTES', '50000', 'ORDER_HOLD_MINUTES must be at most 43200 (30 days)'],
    ['CHAT_EMAIL_DELAY_SECONDS', 'soon', 'CHAT_EMAIL_DELAY_SECONDS must be a whole number of seconds'],
    ['CHAT_EMAIL_DELAY_SECONDS', '86401', 'CHAT_EMAIL_DELAY_SECONDS must be at most 86400 (a day)'],
    ['CHAT_EMAIL_THROTTLE_MINUTES', '-1', 'CHAT_EMAIL_THROTTLE_MINUTES must be 0 or more'],
    ['CHAT_EMAIL_THROTTLE_MINUTES', '10081', 'CHAT_EMAIL_THROTTLE_MINUTES must be at most 10080 (a week)'],
    ['CHAT_MAX_SOCKETS', '2.5', 'CHAT_MAX_SOCKETS must be a whole number'],
    ['CHAT_MAX_PENDING_MESSAGES', '0', 'CHAT_MAX_PENDING_MESSAGES must be 1 or more'],
    ['CHAT_MAX_EVENT_LOOP_LAG_MS', 'x', 'CHAT_MAX_EVENT_LOOP_LAG_MS must be a whole number of milliseconds'],
  ])('refuses %s=%s with the sentence for its unit and bounds', (name, value, sentence) => {
    expect(() => loadConfig({ [name]: value })).toThrow(sentence);
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
