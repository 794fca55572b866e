/**
 * Every payment provider, listed once (payment-providers/README.md says how to add one). The names
 * PAYMENT_PROVIDER accepts, the variables each adds to the configuration and the callback routes all
 * come from this list.
 */
import type { Config } from '../../config.js';
import type { z } from 'zod';
import type { CallbackReader, PaymentProvider, ProviderDefinition } from './provider.js';
import { btcpay } from './btcpay.js';
import { nowpayments } from './nowpayments.js';
import { sandbox } from './sandbox.js';

export const PAYMENT_PROVIDERS = [sandbox, nowpayments, btcpay] as const;

type Definition = (typeof PAYMENT_PROVIDERS)[number];
export type PaymentProviderName = Definition['name'];
export const PAYMENT_PROVIDER_NAMES = PAYMENT_PROVIDERS.map((provider) => provider.name) as [
  PaymentProviderName,
  ...PaymentProviderName[],
];

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
/** Every provider's own variables, for the configuration schema (config.ts). */
export const PAYMENT_PROVIDERS_ENV = Object.assign(
  {},
  ...PAYMENT_PROVIDERS.map((provider) => provider.env),
) as UnionToIntersection<Definition['env']>;

/** A provider as the rest of payments sees it: every setting read from the one configuration. */
export interface RegisteredProvider {
  name: PaymentProviderName;
  label: string;
  banner: string;
  needs: Partial<Record<keyof Config, string>>;
  refusal?(config: Config): string | undefined;
  create(config: Config): PaymentProvider;
  callback?: Omit<NonNullable<ProviderDefinition<string, z.ZodRawShape>['callback']>, 'reader'> & {
    reader(config: Config): CallbackReader | string;
  };
}

export const REGISTERED_PROVIDERS: readonly RegisteredProvider[] = PAYMENT_PROVIDERS;

/** Every provider's callback signature header: app.ts keeps them out of the logs. */
export const SIGNATURE_HEADERS: readonly string[] = REGISTERED_PROVIDERS.flatMap((provider) =>
  provider.callback ? [provider.callback.signatureHeader] : [],
);

export function registeredProvider(name: PaymentProviderName): RegisteredProvider {
  const found = REGISTERED_PROVIDERS.find((provider) => provider.name === name);
  if (!found) throw new Error(`No payment provider is named ${name}`);
  return found;
}
