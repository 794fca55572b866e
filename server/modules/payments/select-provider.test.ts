import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { selectPaymentProvider } from './select-provider.js';

const select = (env: Record<string, string>) =>
  selectPaymentProvider(loadConfig({ DATA_DIR: '/tmp/x', ...env }));
const NOWPAYMENTS = {
  NOWPAYMENTS_API_KEY: 'key',
  NOWPAYMENTS_IPN_SECRET: 'secret',
  PUBLIC_URL: 'https://shop.example',
};

describe('selectPaymentProvider', () => {
  it('is the sandbox without an API key, and nowpayments with one', () => {
    expect(select({}).name).toBe('sandbox');
    expect(select(NOWPAYMENTS).name).toBe('nowpayments');
  });

  it('follows PAYMENT_PROVIDER when it is set', () => {
    expect(select({ ...NOWPAYMENTS, PAYMENT_PROVIDER: 'sandbox' }).name).toBe('sandbox');
    expect(select({ ...NOWPAYMENTS, PAYMENT_PROVIDER: 'nowpayments' }).name).toBe('nowpayments');
  });

  it('points the sandbox at this app: /pay/{payment_id}, under PUBLIC_URL when set', async () => {
    const relative = await select({}).createInvoice({
      paymentId: 'ord_1',
      priceUsd: '1.00',
      description: 'x',
    });
    expect(relative).toEqual({ invoiceId: 'sandbox-ord_1', invoiceUrl: '/pay/ord_1' });
    const absolute = await select({ PUBLIC_URL: 'https://shop.example/' }).createInvoice({
      paymentId: 'ord_1',
      priceUsd: '1.00',
      description: 'x',
    });
    expect(absolute.invoiceUrl).toBe('https://shop.example/pay/ord_1');
  });

  it('refuses to start nowpayments without its IPN secret or public address, naming each', () => {
    const run = () => select({ NOWPAYMENTS_API_KEY: 'key' });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/NOWPAYMENTS_IPN_SECRET is required for PAYMENT_PROVIDER nowpayments/);
    expect(run).toThrow(/PUBLIC_URL is required for PAYMENT_PROVIDER nowpayments/);
    expect(() => select({ ...NOWPAYMENTS, NOWPAYMENTS_IPN_SECRET: '  ' })).toThrow(/NOWPAYMENTS_IPN_SECRET/);
  });

  it('refuses PAYMENT_PROVIDER nowpayments without an API key', () => {
    expect(() =>
      select({ PAYMENT_PROVIDER: 'nowpayments', NOWPAYMENTS_IPN_SECRET: 's', PUBLIC_URL: 'https://a.b' }),
    ).toThrow(/^Invalid configuration:\n {2}NOWPAYMENTS_API_KEY is required/);
  });

  it('refuses the sandbox in production unless ALLOW_SANDBOX_PAYMENTS=true, and names the way out', () => {
    const production = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' };
    for (const env of [production, { ...production, ...NOWPAYMENTS, PAYMENT_PROVIDER: 'sandbox' }]) {
      const run = () => select(env);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(
        /^Invalid configuration:\n {2}PAYMENT_PROVIDER sandbox is refused in production: .*ALLOW_SANDBOX_PAYMENTS=true/,
      );
    }
    expect(select({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' }).name).toBe('sandbox');
    expect(select({ ...production, ...NOWPAYMENTS }).name).toBe('nowpayments');
    // Outside production the sandbox needs no permission.
    expect(select({ NODE_ENV: 'development' }).name).toBe('sandbox');
    expect(() => select({ ALLOW_SANDBOX_PAYMENTS: 'maybe' })).toThrow(
      /ALLOW_SANDBOX_PAYMENTS must be one of/,
    );
  });
});
