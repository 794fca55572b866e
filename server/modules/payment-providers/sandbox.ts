import { defineProvider, type Invoice, type InvoiceRequest, type InvoiceMaker } from './provider.js';

/**
 * The `sandbox` provider (docs/architecture.md §7): the "invoice" is this app's own /pay page, where the buyer presses
 * Pay or Cancel. Without PUBLIC_URL the link is relative: the buyer's browser opens it on the same site.
 */
export class SandboxProvider implements InvoiceMaker<'sandbox'> {
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

/** Its page's own calls (payments/routes.ts) take the place of callbacks. */
export const sandbox = defineProvider({
  name: 'sandbox',
  label: 'the sandbox',
  banner: 'sandbox (a Pay button marks an order paid; no money moves)',
  env: {},
  needs: {},
  // In production anyone could mark an order paid and have it shipped without paying.
  refusal: (settings) =>
    settings.NODE_ENV === 'production' && !settings.ALLOW_SANDBOX_PAYMENTS
      ? 'PAYMENT_PROVIDER sandbox is refused in production: its Pay button marks an order paid without any money moving (set NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET and PUBLIC_URL to take real payments, or ALLOW_SANDBOX_PAYMENTS=true to run a public demo anyway)'
      : undefined,
  create: (settings) => new SandboxProvider(settings.PUBLIC_URL),
});
