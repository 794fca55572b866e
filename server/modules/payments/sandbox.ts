import type { Invoice, InvoiceRequest, PaymentProvider } from './provider.js';

/**
 * The `sandbox` provider (docs/architecture.md §7): the "invoice" is this app's own /pay page, where the buyer presses
 * Pay or Cancel. Without PUBLIC_URL the link is relative: the buyer's browser opens it on the same site.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly base: string;

  constructor(publicUrl?: string) {
    this.base = (publicUrl ?? '').replace(/\/+$/, '');
  }

  async createInvoice({ paymentId }: InvoiceRequest): Promise<Invoice> {
    return {
      invoiceId: `sandbox-${paymentId}`,
      invoiceUrl: `${this.base}/pay/${encodeURIComponent(paymentId)}`,
    };
  }
}
