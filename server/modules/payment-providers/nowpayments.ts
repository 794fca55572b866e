import crypto from 'node:crypto';
import { z } from 'zod';
import { nowPaymentsIpnSchema } from '../../../shared/schemas/buying.js';
import { optionalText } from '../../config-fields.js';
import { HttpError } from '../../http/errors.js';
import { invalidField, parseCallbackJson } from './callback-json.js';
import {
  type CallbackReader,
  defineProvider,
  type Invoice,
  type InvoiceRequest,
  type InvoiceMaker,
  type Money,
  PaymentProviderError,
  setting,
} from './provider.js';
import { callProvider, isWebAddress, withoutTrailingSlash } from './provider-http.js';
import { canonicalJson, isValidIpnSignature } from './nowpayments-signature.js';

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
  if (!isWebAddress(invoiceUrl)) {
    throw new PaymentProviderError('NOWPayments sent an invoice without a usable invoice_url.');
  }
  return { invoiceId: String(id), invoiceUrl };
}

/** The `nowpayments` provider (docs/architecture.md §7): one hosted invoice per order, paid on NOWPayments' page. */
export class NowPaymentsProvider implements InvoiceMaker<'nowpayments'> {
  readonly name = 'nowpayments' as const;
  private readonly apiUrl: string;
  private readonly publicUrl: string;

  constructor(private readonly options: NowPaymentsOptions) {
    this.apiUrl = withoutTrailingSlash(options.apiUrl);
    this.publicUrl = withoutTrailingSlash(options.publicUrl);
  }

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    const body = await callProvider({
      label: 'NOWPayments',
      what: 'the invoice request',
      url: `${this.apiUrl}/invoice`,
      method: 'POST',
      headers: { 'x-api-key': this.options.apiKey },
      body: {
        price_amount: Number(request.priceUsd),
        price_currency: 'usd',
        order_id: request.paymentId,
        order_description: request.description,
        ipn_callback_url: `${this.publicUrl}/api/payments/ipn`,
        success_url: `${this.publicUrl}/success`,
        cancel_url: `${this.publicUrl}/cancel`,
      },
      timeoutMs: this.options.timeoutMs ?? NOWPAYMENTS_TIMEOUT_MS,
    });
    return readInvoice(body);
  }
}

/**
 * What arrived, in the invoice's own (fiat) currency: NOWPayments reports the crypto asked (pay_amount)
 * and the crypto that arrived (actually_paid) for a price (price_amount in price_currency), so the
 * arrived share of the price is price_amount × actually_paid / pay_amount. Undefined while nothing has
 * arrived or a field is missing.
 */
function paidInPriceCurrency(ipn: {
  price_amount?: number | undefined;
  price_currency?: string | undefined;
  pay_amount?: number | undefined;
  actually_paid?: number | undefined;
}): Money | undefined {
  const { price_amount: price, price_currency: currency, pay_amount: asked, actually_paid: arrived } = ipn;
  if (!price || !currency || !asked || !arrived) return undefined;
  return { amount: ((price * arrived) / asked).toFixed(2), currency };
}

/**
 * NOWPayments' callback (IPN). Nothing is read from the body before its signature checks out: the
 * x-nowpayments-sig header signs the body as canonical JSON (nowpayments-signature.ts). A replay needs no
 * guard of its own: it finds its status already there (statuses only move forward).
 */
export function nowPaymentsIpnReader(secret: string): CallbackReader {
  return {
    verify({ headers, rawBody }) {
      const body = parseCallbackJson(rawBody);
      const signature = headers['x-nowpayments-sig'];
      if (signature === undefined) {
        throw new HttpError(
          401,
          'The payment callback is not signed: the x-nowpayments-sig header is missing.',
        );
      }
      const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
      const signed = isObject ? canonicalJson(body) : undefined;
      if (signed === undefined || !isValidIpnSignature(secret, signed, signature)) {
        throw new HttpError(401, 'The payment callback signature does not match its body.');
      }
      const parsed = nowPaymentsIpnSchema.safeParse(body);
      if (!parsed.success) throw invalidField(parsed.error.issues);
      const { order_id: paymentId, payment_status: status, invoice_id: invoiceId } = parsed.data;
      const paid = paidInPriceCurrency(parsed.data);
      // The price the invoice asked, as NOWPayments signed it: checked against the order's total.
      const { price_amount: price, price_currency: currency } = parsed.data;
      const invoiced = price !== undefined && currency ? { amount: price.toFixed(2), currency } : undefined;
      return {
        eventKey: crypto.createHash('sha256').update(signed).digest('hex'),
        record: signed,
        onceOnly: false,
        report: async () => ({
          paymentId,
          status,
          amounts: { ...(paid ? { paid } : {}), ...(invoiced ? { invoiced } : {}) },
          // No invoice named is no invoice of ours: this shop pays every order through an invoice.
          invoiceId: invoiceId ?? '(none)',
        }),
      };
    },
  };
}

export const nowpayments = defineProvider({
  name: 'nowpayments',
  label: 'NOWPayments',
  banner: 'NOWPayments (real crypto payments)',
  env: {
    NOWPAYMENTS_API_KEY: optionalText,
    NOWPAYMENTS_IPN_SECRET: optionalText,
    NOWPAYMENTS_API_URL: z.url({ error: 'must be a URL' }).default('https://api.nowpayments.io/v1'),
  },
  needs: {
    NOWPAYMENTS_API_KEY: 'invoices are created with it',
    NOWPAYMENTS_IPN_SECRET:
      'payment callbacks cannot be verified without it, so no order could be marked paid',
    PUBLIC_URL: 'NOWPayments sends its callbacks and the buyer back to this address',
  },
  create: (settings) =>
    new NowPaymentsProvider({
      apiUrl: settings.NOWPAYMENTS_API_URL,
      apiKey: setting(settings.NOWPAYMENTS_API_KEY, 'NOWPAYMENTS_API_KEY'),
      publicUrl: setting(settings.PUBLIC_URL, 'PUBLIC_URL'),
    }),
  callback: {
    path: '/api/payments/ipn',
    signatureHeader: 'x-nowpayments-sig',
    summary: 'NOWPayments’ payment notification (IPN), signed with the IPN secret',
    operationId: 'receiveNowPaymentsIpn',
    body: nowPaymentsIpnSchema,
    reader: (settings) =>
      settings.NOWPAYMENTS_IPN_SECRET
        ? nowPaymentsIpnReader(settings.NOWPAYMENTS_IPN_SECRET)
        : 'Payment callbacks are off: this shop does not take payments through NOWPayments.',
  },
});
