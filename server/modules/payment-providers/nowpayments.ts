import crypto from 'node:crypto';
import { z } from 'zod';
import { nowPaymentsIpnSchema, PAYMENT_STATUSES } from '../../../shared/schemas/buying.js';
import { optionalText } from '../../config-fields.js';
import { HttpError, notFound } from '../../http/errors.js';
import { invalidField, parseCallbackJson } from './callback-json.js';
import {
  type CallbackReader,
  type CallbackReport,
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

/** How long a buyer (or an IPN's re-read) waits for NOWPayments, connection and body included (docs/architecture.md §7). */
export const NOWPAYMENTS_TIMEOUT_MS = 10_000;

export interface NowPaymentsApi {
  /** NOWPAYMENTS_API_URL, e.g. https://api.nowpayments.io/v1 */
  apiUrl: string;
  /** NOWPAYMENTS_API_KEY, sent as x-api-key. */
  apiKey: string;
  /** Tests shorten it. */
  timeoutMs?: number;
}

export interface NowPaymentsOptions extends NowPaymentsApi {
  /** PUBLIC_URL: where NOWPayments sends its callbacks and the buyer comes back to. */
  publicUrl: string;
}

/** A non-negative finite number, as NOWPayments sends amounts (a decimal string is read as well). */
const amount = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().nonnegative().finite());

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

/** The payment as NOWPayments' "Get payment status" answers it (the fields read). */
const paymentSchema = z.object({
  payment_id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String),
  payment_status: z.enum(PAYMENT_STATUSES),
  // Every payment made on one of our invoices carries the order's reference; null on any other.
  order_id: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .nullish(),
  invoice_id: z
    .union([z.number().int().nonnegative(), z.string().regex(/^[\w-]{1,128}$/)])
    .transform(String)
    .nullish(),
  price_amount: amount,
  price_currency: z.string().min(1).max(16),
  // The crypto asked and the crypto that arrived: null or absent until the buyer has chosen and paid.
  pay_amount: amount.nullish(),
  actually_paid: amount.nullish(),
});

/**
 * What arrived, in the invoice's own (fiat) currency: NOWPayments reports the crypto asked (pay_amount)
 * and the crypto that arrived (actually_paid) for a price (price_amount in price_currency), so the
 * arrived share of the price is price_amount × actually_paid / pay_amount. Undefined while nothing has
 * arrived.
 */
function paidInPriceCurrency(payment: z.infer<typeof paymentSchema>): Money | undefined {
  const {
    price_amount: price,
    price_currency: currency,
    pay_amount: asked,
    actually_paid: arrived,
  } = payment;
  if (!price || !asked || !arrived) return undefined;
  return { amount: ((price * arrived) / asked).toFixed(2), currency };
}

/**
 * Reads the payment back from NOWPayments' API: its status, invoice and amounts there, not the IPN's word,
 * are what is applied (as BTCPay Server's invoice is re-read). A provider that fails or answers something
 * else is a 502 that changes nothing, so NOWPayments delivers the IPN again.
 */
async function readPayment(api: NowPaymentsApi, paymentId: string): Promise<CallbackReport> {
  let answer: unknown;
  try {
    answer = await callProvider({
      label: 'NOWPayments',
      what: 'the payment check',
      url: `${withoutTrailingSlash(api.apiUrl)}/payment/${encodeURIComponent(paymentId)}`,
      method: 'GET',
      headers: { 'x-api-key': api.apiKey },
      timeoutMs: api.timeoutMs ?? NOWPAYMENTS_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.status === 404) throw notFound(`NOWPayments has no payment ${paymentId}.`);
    throw new HttpError(502, `${error.message} The IPN was not applied; NOWPayments can deliver it again.`);
  }
  const parsed = paymentSchema.safeParse(answer);
  if (!parsed.success || parsed.data.payment_id !== paymentId) {
    throw new HttpError(
      502,
      `NOWPayments answered the payment check for ${paymentId} with something else. The IPN was not applied; NOWPayments can deliver it again.`,
    );
  }
  const payment = parsed.data;
  if (!payment.order_id) throw notFound(`NOWPayments' payment ${paymentId} names no order of this shop.`);
  const paid = paidInPriceCurrency(payment);
  return {
    paymentId: payment.order_id,
    status: payment.payment_status,
    amounts: {
      // The price the invoice asked: checked against the order's total.
      invoiced: { amount: payment.price_amount.toFixed(2), currency: payment.price_currency },
      ...(paid ? { paid } : {}),
    },
    // No invoice named is no invoice of ours: this shop pays every order through an invoice.
    invoiceId: payment.invoice_id ?? '(none)',
  };
}

/**
 * NOWPayments' callback (IPN). Nothing is read from the body before its signature checks out: the
 * x-nowpayments-sig header signs the body as canonical JSON (nowpayments-signature.ts). Then only its
 * payment_id is read: the payment is re-read from NOWPayments' API (readPayment). A replay needs no
 * guard of its own: it finds its status already there (statuses only move forward).
 */
export function nowPaymentsIpnReader(api: NowPaymentsApi, secret: string): CallbackReader {
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
      const paymentId = parsed.data.payment_id;
      return {
        eventKey: crypto.createHash('sha256').update(signed).digest('hex'),
        record: signed,
        onceOnly: false,
        report: () => readPayment(api, paymentId),
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
    NOWPAYMENTS_API_KEY: 'invoices are created, and payment callbacks read back, with it',
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
    summary:
      'NOWPayments’ payment notification (IPN), signed with the IPN secret; the payment is read back from NOWPayments',
    operationId: 'receiveNowPaymentsIpn',
    body: nowPaymentsIpnSchema,
    errors: [502],
    reader: ({ NOWPAYMENTS_API_URL: apiUrl, NOWPAYMENTS_API_KEY: apiKey, NOWPAYMENTS_IPN_SECRET: secret }) =>
      apiKey && secret
        ? nowPaymentsIpnReader({ apiUrl, apiKey }, secret)
        : 'Payment callbacks are off: this shop does not take payments through NOWPayments (NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET are not both set).',
  },
});
