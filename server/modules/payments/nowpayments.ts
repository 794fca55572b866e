import { type Invoice, type InvoiceRequest, type PaymentProvider, PaymentProviderError } from './provider.js';

/** How long a buyer waits for NOWPayments' invoice, connection and body included (docs/architecture.md §7). */
export const NOWPAYMENTS_TIMEOUT_MS = 10_000;

export interface NowPaymentsOptions {
  /** NOWPAYMENTS_API_URL, e.g. https://api.nowpayments.io/v1 */
  apiUrl: string;
  apiKey: string;
  /** PUBLIC_URL: where NOWPayments sends its callbacks and the buyer comes back to. */
  publicUrl: string;
  /** Tests shorten it. */
  timeoutMs?: number;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** The invoice NOWPayments answers with, checked field by field: anything else is the provider failing. */
function readInvoice(body: unknown): Invoice {
  if (typeof body !== 'object' || body === null)
    throw new PaymentProviderError('NOWPayments sent no invoice.');
  const { id, invoice_url: invoiceUrl } = body as Record<string, unknown>;
  // Their ids are numbers today; kept as text so a longer id (or a switch to strings) loses nothing.
  const validId =
    (typeof id === 'number' && Number.isSafeInteger(id)) ||
    (typeof id === 'string' && /^[\w-]{1,128}$/.test(id));
  if (!validId) throw new PaymentProviderError('NOWPayments sent an invoice without a usable id.');
  // The buyer's browser is sent to it, so only a web address will do (never javascript: or data:).
  if (
    typeof invoiceUrl !== 'string' ||
    !/^https?:\/\/[^\s]+$/i.test(invoiceUrl) ||
    !URL.canParse(invoiceUrl)
  ) {
    throw new PaymentProviderError('NOWPayments sent an invoice without a usable invoice_url.');
  }
  return { invoiceId: String(id), invoiceUrl };
}

/** The `nowpayments` provider (docs/architecture.md §7): one hosted invoice per order, paid on NOWPayments' page. */
export class NowPaymentsProvider implements PaymentProvider {
  readonly name = 'nowpayments' as const;
  private readonly apiUrl: string;
  private readonly publicUrl: string;

  constructor(private readonly options: NowPaymentsOptions) {
    this.apiUrl = withoutTrailingSlash(options.apiUrl);
    this.publicUrl = withoutTrailingSlash(options.publicUrl);
  }

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    const timeoutMs = this.options.timeoutMs ?? NOWPAYMENTS_TIMEOUT_MS;
    try {
      const response = await fetch(`${this.apiUrl}/invoice`, {
        method: 'POST',
        headers: {
          'x-api-key': this.options.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          price_amount: Number(request.priceUsd),
          price_currency: 'usd',
          order_id: request.paymentId,
          order_description: request.description,
          ipn_callback_url: `${this.publicUrl}/api/payments/ipn`,
          success_url: `${this.publicUrl}/success`,
          cancel_url: `${this.publicUrl}/cancel`,
        }),
        // A redirect would carry the API key to wherever it points.
        redirect: 'error',
        // One deadline for connecting, the answer and its body alike.
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new PaymentProviderError(`NOWPayments answered ${response.status} to the invoice request.`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        if (isTimeout(error)) throw error;
        throw new PaymentProviderError('NOWPayments answered with something other than JSON.', {
          cause: error,
        });
      }
      return readInvoice(body);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      if (isTimeout(error)) {
        throw new PaymentProviderError(`NOWPayments did not answer within ${timeoutMs} ms.`, {
          cause: error,
        });
      }
      throw new PaymentProviderError('NOWPayments could not be reached.', { cause: error });
    }
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
