/**
 * The payment provider seam (docs/architecture.md §7). One implementation per PAYMENT_PROVIDER; app.ts builds the one the
 * configuration names and passes it to the orders service, so tests can hand in a stand-in.
 */
import type { Invoice, InvoiceIssuer, InvoiceRequest } from '../orders/index.js';

export type { Invoice, InvoiceRequest };

export interface PaymentProvider extends InvoiceIssuer {
  readonly name: 'sandbox' | 'nowpayments';
  /** Creates the invoice; throws PaymentProviderError when the provider fails or does not answer in time. */
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
}

/** The provider failed or timed out: the caller answers 502 and undoes the order. */
export class PaymentProviderError extends Error {}
