import { type Config, ConfigError } from '../../config.js';
import { NowPaymentsProvider } from './nowpayments.js';
import type { PaymentProvider } from './provider.js';
import { SandboxProvider } from './sandbox.js';

/** What nowpayments cannot run without, and why, for the start-up message. */
const NOWPAYMENTS_NEEDS = {
  NOWPAYMENTS_API_KEY: 'invoices are created with it',
  NOWPAYMENTS_IPN_SECRET: 'payment callbacks cannot be verified without it, so no order could be marked paid',
  PUBLIC_URL: 'NOWPayments sends its callbacks and the buyer back to this address',
} as const;

/**
 * The one payment provider of this process (docs/architecture.md §7): PAYMENT_PROVIDER when set, else nowpayments when
 * an API key is set, else the sandbox. A nowpayments setup missing a piece refuses to start, with a
 * sentence per missing variable, rather than take orders it could never see paid; so does the sandbox in
 * production unless ALLOW_SANDBOX_PAYMENTS says a public demo is meant, since there anyone can mark an
 * order paid and have it shipped without paying.
 */
export function selectPaymentProvider(config: Config): PaymentProvider {
  const name = config.PAYMENT_PROVIDER ?? (config.NOWPAYMENTS_API_KEY ? 'nowpayments' : 'sandbox');
  if (name === 'sandbox') {
    if (config.NODE_ENV === 'production' && !config.ALLOW_SANDBOX_PAYMENTS) {
      throw new ConfigError(
        'Invalid configuration:\n  PAYMENT_PROVIDER sandbox is refused in production: its Pay button marks an order paid without any money moving (set NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET and PUBLIC_URL to take real payments, or ALLOW_SANDBOX_PAYMENTS=true to run a public demo anyway)',
      );
    }
    return new SandboxProvider(config.PUBLIC_URL);
  }
  const { NOWPAYMENTS_API_KEY: apiKey, NOWPAYMENTS_IPN_SECRET: ipnSecret, PUBLIC_URL: publicUrl } = config;
  if (!apiKey || !ipnSecret || !publicUrl) {
    const missing = (Object.keys(NOWPAYMENTS_NEEDS) as (keyof typeof NOWPAYMENTS_NEEDS)[]).filter(
      (key) => !config[key],
    );
    const lines = missing.map(
      (key) => `${key} is required for PAYMENT_PROVIDER nowpayments: ${NOWPAYMENTS_NEEDS[key]}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return new NowPaymentsProvider({ apiUrl: config.NOWPAYMENTS_API_URL, apiKey, publicUrl });
}
