/**
 * The payment-providers module's front door: the provider seam and the one registry of providers.
 * It imports nothing of payments (only orders' invoice types), so config.ts can build its schema from
 * the registry without depending on the payment routes.
 */
export type { CallbackReader, CallbackReport, IncomingCallback, PaymentProvider } from './provider.js';
export {
  PAYMENT_PROVIDER_NAMES,
  type PaymentProviderName,
  PAYMENT_PROVIDERS_ENV,
  REGISTERED_PROVIDERS,
  type RegisteredProvider,
  registeredProvider,
  SIGNATURE_HEADERS,
} from './registry.js';
