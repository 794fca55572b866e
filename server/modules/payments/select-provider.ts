import { type Config, ConfigError } from '../../config.js';
import { type PaymentProvider, registeredProvider } from '../payment-providers/index.js';

/**
 * The one payment provider of this process (docs/architecture.md §7): PAYMENT_PROVIDER when set, else nowpayments when
 * an API key is set, else the sandbox. A provider missing a setting it needs refuses to start, with a
 * sentence per missing variable, rather than take orders it could never see paid; so does the sandbox in
 * production unless ALLOW_SANDBOX_PAYMENTS says a public demo is meant, since there anyone can mark an
 * order paid and have it shipped without paying.
 */
export function selectPaymentProvider(config: Config): PaymentProvider {
  const name = config.PAYMENT_PROVIDER ?? (config.NOWPAYMENTS_API_KEY ? 'nowpayments' : 'sandbox');
  const provider = registeredProvider(name);
  const refusal = provider.refusal?.(config);
  if (refusal) throw new ConfigError(`Invalid configuration:\n  ${refusal}`);
  const missing = (Object.entries(provider.needs) as [keyof Config, string][]).filter(
    ([key]) => !config[key],
  );
  if (missing.length > 0) {
    const lines = missing.map(([key, why]) => `${key} is required for PAYMENT_PROVIDER ${name}: ${why}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return provider.create(config);
}
