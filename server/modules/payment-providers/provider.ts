/**
 * The payment provider seam (docs/architecture.md §7, payment-providers/README.md). A provider makes
 * invoices (the one the configuration names is passed to checkout, so tests can hand in a stand-in) and
 * reads its own signed callbacks into our words. Each is a ProviderDefinition in its own file here,
 * listed once in registry.ts.
 */
import type { z } from 'zod';
import type { ErrorStatus } from '../../http/openapi.js';
import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import type { Invoice, InvoiceIssuer, InvoiceRequest } from '../orders/index.js';
import type { PaymentProviderName } from './registry.js';

export type { Invoice, InvoiceRequest };

/** The invoices of the provider named `Name`. */
export interface InvoiceMaker<Name extends string = string> extends InvoiceIssuer {
  readonly name: Name;
  /** Creates the invoice; throws PaymentProviderError when the provider fails or does not answer in time. */
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
}

/** The invoice maker of one of the registered providers (the shop's PAYMENT_PROVIDER). */
export type PaymentProvider = InvoiceMaker<PaymentProviderName>;

/** The provider failed or timed out: the caller answers 502 (and checkout undoes the order). */
export class PaymentProviderError extends Error {
  /** The provider's HTTP status, when it answered with one. */
  readonly status: number | undefined;

  constructor(message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}

/** The settings every provider may read beside its own variables. */
export interface SharedSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  PUBLIC_URL?: string | undefined;
  ALLOW_SANDBOX_PAYMENTS: boolean;
}

/** What a provider is given: its own variables, parsed, and the shared ones. */
export type ProviderSettings<Env extends z.ZodRawShape> = SharedSettings &
  // zod reads an empty shape as "no key allowed", which no configuration is.
  ([keyof Env] extends [never] ? unknown : z.output<z.ZodObject<Env>>);

/** A callback as it arrived: the bytes exactly as sent, for the signature. */
export interface IncomingCallback {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export interface Money {
  /** A decimal as the provider wrote it, e.g. "19.99". */
  amount: string;
  currency: string;
}

/** A verified callback in our own words: which order, its status, the amounts. */
export interface CallbackReport {
  /** The order's payment_id. */
  paymentId: string;
  status: PaymentStatus;
  /** What the invoice asks (checked against the order's total when given) and what arrived. */
  amounts: { invoiced?: Money; paid?: Money };
  /** The provider's invoice, when the callback names it: it must be the one made for the order. */
  invoiceId?: string;
}

export interface VerifiedCallback {
  /** The same callback delivered again has the same key; payment_events keeps each key once. */
  eventKey: string;
  /** What payment_events keeps of it. */
  record: string;
  /** A delivery whose key is already on record changes nothing, and the provider is not asked again. */
  onceOnly: boolean;
  /** Our words for it (it may ask the provider); undefined when it reports nothing to apply. */
  report(): Promise<CallbackReport | undefined>;
}

export interface CallbackReader {
  /**
   * Checks the signature over the bytes as sent before anything else, then reads the body. Throws an
   * HttpError: 401 for a missing or wrong signature, 400 for a body it cannot read.
   */
  verify(callback: IncomingCallback): VerifiedCallback;
}

/** One provider: its variables, how it is built, and its callback route. */
export interface ProviderDefinition<Name extends string, Env extends z.ZodRawShape> {
  name: Name;
  /** Its name in sentences, e.g. "NOWPayments". */
  label: string;
  /** What the start-up banner says of it. */
  banner: string;
  /** Its own environment variables, merged into the configuration schema (config.ts). */
  env: Env;
  /** What PAYMENT_PROVIDER=<name> cannot run without, and why: start-up names each missing one. */
  needs: Partial<Record<Extract<keyof Env, string> | 'PUBLIC_URL', string>>;
  /** A reason to refuse to start even with everything set (the sandbox in production). */
  refusal?(settings: ProviderSettings<Env>): string | undefined;
  /** The invoice maker, once `needs` and `refusal` have passed. */
  create(settings: ProviderSettings<Env>): InvoiceMaker<Name>;
  /**
   * Its callbacks. The route is live whatever PAYMENT_PROVIDER says, as long as its secret is set: orders
   * made under it are still settled after the shop switches provider.
   */
  callback?: {
    /** e.g. /api/payments/ipn */
    path: string;
    /** The header carrying its signature, lower case: never written to a log line (http/logging.ts). */
    signatureHeader: string;
    /** The reader, or the sentence the route answers 404 with when its settings are missing. */
    reader(settings: ProviderSettings<Env>): CallbackReader | string;
    /** For the API document: the operation's summary and operationId, and the JSON the provider signs. */
    summary: string;
    operationId: string;
    body: z.ZodType;
    /** Statuses beyond every callback's (400, 401, 404, 409): e.g. 502 when it asks the provider back. */
    errors?: ErrorStatus[];
  };
}

/** Declares a provider, keeping its name as a literal type for the registry's union of names. */
export function defineProvider<const Name extends string, Env extends z.ZodRawShape>(
  definition: ProviderDefinition<Name, Env>,
): ProviderDefinition<Name, Env> {
  return definition;
}

/** A setting `needs` made sure of before create() or reader() read it. */
export function setting(value: string | undefined, name: string): string {
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}
