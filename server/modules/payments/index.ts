/**
 * The payments module's front door: its routes, the provider this process uses, and the provider
 * registry's names and variables (config.ts builds its schema from them).
 */
export type { PaymentProvider } from './provider.js';
export {
  PAYMENT_PROVIDER_NAMES,
  type PaymentProviderName,
  PAYMENT_PROVIDERS_ENV,
  registeredProvider,
} from './providers/registry.js';
export { paymentRoutes } from './routes.js';
export { selectPaymentProvider } from './select-provider.js';
