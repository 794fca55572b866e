/**
 * The payment provider seam (docs/architecture.md §7). One implementation per PAYMENT_PROVIDER; app.ts builds the one the
 * configuration names and passes it to the orders service, so tests can hand in a stand-in.
 */
export interface InvoiceRequest {
  /** The order's own reference (the product doc's payment_id), sent as order_id. */
  paymentId: string;
  /** USD, two decimals, computed by the server from the database. */
  priceUsd: string;
  description: string;
}

export interface Invoice {
  /** The provider's invoice id, kept as a string. */
  invoiceId: string;
  /** Where the buyer pays (the product doc's payment_url). */
  invoiceUrl: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'nowpayments';
  /** Creates the invoice; throws PaymentProviderError when the provider fails or does not answer in time. */
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
}

/** The provider failed or timed out: the caller answers 502 and undoes the order. */
export class PaymentProviderError extends Error {}
