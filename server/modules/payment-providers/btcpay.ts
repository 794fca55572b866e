import crypto from 'node:crypto';
import { z } from 'zod';
import type { PaymentStatus } from '../../../shared/schemas/buying.js';
import { optionalText, urlText } from '../../config-fields.js';
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

/** How long a buyer (or a webhook's re-read) waits for BTCPay Server: NOWPayments' deadline. */
export const BTCPAY_TIMEOUT_MS = 10_000;

export interface BtcPayApi {
  /** BTCPAY_URL, e.g. https://btcpay.example.com */
  url: string;
  /** BTCPAY_API_KEY: a Greenfield API key with the store's invoice permissions. */
  apiKey: string;
  storeId: string;
  /** Tests shorten it. */
  timeoutMs?: number;
}

const invoicesUrl = (api: BtcPayApi) =>
  `${withoutTrailingSlash(api.url)}/api/v1/stores/${encodeURIComponent(api.storeId)}/invoices`;

const call = (api: BtcPayApi, what: string, url: string, method: 'GET' | 'POST', body?: unknown) =>
  callProvider({
    label: 'BTCPay Server',
    what,
    url,
    method,
    headers: { authorization: `token ${api.apiKey}` },
    body,
    timeoutMs: api.timeoutMs ?? BTCPAY_TIMEOUT_MS,
  });

const invoiceIdText = z.string().regex(/^[\w-]{1,128}$/);

/** The `btcpay` provider: a BTCPay Server (Greenfield API) invoice per order, paid on its checkout page. */
export class BtcPayProvider implements InvoiceMaker<'btcpay'> {
  readonly name = 'btcpay' as const;

  constructor(private readonly api: BtcPayApi & { publicUrl: string }) {}

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    const body = await call(this.api, 'the invoice request', invoicesUrl(this.api), 'POST', {
      amount: request.priceUsd,
      currency: 'USD',
      metadata: { orderId: request.paymentId },
      checkout: { redirectURL: `${withoutTrailingSlash(this.api.publicUrl)}/success` },
    });
    const { id, checkoutLink } = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    if (!invoiceIdText.safeParse(id).success) {
      throw new PaymentProviderError('BTCPay Server sent an invoice without a usable id.');
    }
    // The buyer's browser is sent to it, so only a web address will do (never javascript: or data:).
    if (!isWebAddress(checkoutLink)) {
      throw new PaymentProviderError('BTCPay Server sent an invoice without a usable checkoutLink.');
    }
    return { invoiceId: id as string, invoiceUrl: checkoutLink };
  }

  /** Greenfield's "mark invoice status": Invalid, so the buyer can no longer pay a deleted order's invoice. */
  async cancelInvoice(invoiceId: string): Promise<void> {
    await call(
      this.api,
      'marking the invoice invalid',
      `${invoicesUrl(this.api)}/${encodeURIComponent(invoiceId)}/status`,
      'POST',
      { status: 'Invalid' },
    );
  }
}

/** The webhook fields read, once the signature has checked out. */
const webhookSchema = z.object({
  deliveryId: z.string({ error: 'must be text' }).regex(/^[\w-]{1,100}$/, { error: 'must be a delivery id' }),
  originalDeliveryId: z
    .string({ error: 'must be text' })
    .regex(/^[\w-]{1,100}$/, { error: 'must be a delivery id' })
    .nullish(),
  isRedelivery: z.boolean({ error: 'must be true or false' }).optional(),
  type: z.string({ error: 'must be an event type such as InvoiceSettled' }).max(64),
  invoiceId: invoiceIdText.optional(),
});

/** The events that can move an order; others (InvoiceCreated, …) are acknowledged and change nothing. */
const APPLIED_EVENTS = new Set([
  'InvoiceSettled',
  'InvoiceProcessing',
  'InvoiceReceivedPayment',
  'InvoiceExpired',
  'InvoiceInvalid',
]);

/** The invoice as re-read from the Greenfield API. */
const invoiceSchema = z.object({
  id: z.string(),
  status: z.enum(['New', 'Processing', 'Settled', 'Expired', 'Invalid']),
  additionalStatus: z.string().optional(),
  amount: z.union([z.string(), z.number()]).transform(String),
  currency: z.string(),
  metadata: z
    .object({ orderId: z.string().regex(/^[\w-]{1,64}$/) })
    .partial()
    .nullish(),
});

/**
 * The invoice's status in our words (Greenfield InvoiceStatus and additionalStatus). Partly paid is our
 * partially_paid while the invoice still waits; an invoice that expires partly paid is expired (its
 * units go back; the seller is told of the money). Money that arrives after the invoice expired leaves
 * it Expired with additionalStatus PaidLate (the InvoiceReceivedPayment webhook says afterExpiration):
 * that is money arriving, as NOWPayments' late payment is, so the order is revived (paid late). BTCPay
 * Server never settles such an invoice itself, so what arrived decides: all of it is paid, less is
 * partly paid (the tolerance applies), and an amount it no longer lists is money on its way.
 */
function ourStatus(invoice: z.infer<typeof invoiceSchema>, paid: Money | undefined): PaymentStatus {
  switch (invoice.status) {
    case 'Settled':
      return 'finished';
    case 'Processing':
      return 'confirming';
    case 'New':
      return invoice.additionalStatus === 'PaidPartial' ? 'partially_paid' : 'waiting';
    case 'Expired':
      if (invoice.additionalStatus !== 'PaidLate') return 'expired';
      if (!paid) return 'confirming';
      return Number(paid.amount) >= Number(invoice.amount) ? 'finished' : 'partially_paid';
    case 'Invalid':
      return 'failed';
  }
}

/** Re-reads the invoice: its status there, not the webhook's word, is what is applied. */
async function readInvoice(api: BtcPayApi, invoiceId: string): Promise<CallbackReport> {
  let answer: unknown;
  try {
    answer = await call(
      api,
      'the invoice check',
      `${invoicesUrl(api)}/${encodeURIComponent(invoiceId)}`,
      'GET',
    );
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.status === 404) throw notFound(`BTCPay Server has no invoice ${invoiceId} in this store.`);
    throw new HttpError(
      502,
      `${error.message} The webhook was not applied; BTCPay Server can deliver it again.`,
    );
  }
  const parsed = invoiceSchema.safeParse(answer);
  if (!parsed.success || parsed.data.id !== invoiceId) {
    throw new HttpError(
      502,
      `BTCPay Server answered the invoice check for ${invoiceId} with something else.`,
    );
  }
  const invoice = parsed.data;
  const paymentId = invoice.metadata?.orderId;
  if (!paymentId) throw notFound(`BTCPay Server's invoice ${invoiceId} names no order of this shop.`);
  const paid = await readPaid(api, invoiceId, invoice.currency);
  return {
    paymentId,
    status: ourStatus(invoice, paid),
    amounts: { invoiced: { amount: invoice.amount, currency: invoice.currency }, ...(paid ? { paid } : {}) },
    invoiceId,
  };
}

/** The invoice's payment methods as the Greenfield API lists them (the fields read). */
const paymentMethodsSchema = z.array(
  z.object({
    /** Paid by all methods together, in this method's currency. */
    totalPaid: z.string().regex(/^\d+(\.\d+)?$/),
    /** This method's currency in the invoice's currency. */
    rate: z.string().regex(/^\d+(\.\d+)?$/),
  }),
);

/**
 * What arrived for the invoice, in the invoice's currency: any of its payment methods gives the total
 * paid by all of them in its own currency (totalPaid) and its rate to the invoice's currency. Undefined
 * while nothing arrived, or when BTCPay Server no longer has the invoice's methods.
 */
async function readPaid(api: BtcPayApi, invoiceId: string, currency: string): Promise<Money | undefined> {
  let answer: unknown;
  try {
    answer = await call(
      api,
      'the invoice payment check',
      `${invoicesUrl(api)}/${encodeURIComponent(invoiceId)}/payment-methods`,
      'GET',
    );
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 404) return undefined;
    if (!(error instanceof PaymentProviderError)) throw error;
    throw new HttpError(
      502,
      `${error.message} The webhook was not applied; BTCPay Server can deliver it again.`,
    );
  }
  const parsed = paymentMethodsSchema.safeParse(answer);
  const method = parsed.success ? parsed.data[0] : undefined;
  if (!method) return undefined;
  const paid = Number(method.totalPaid) * Number(method.rate);
  return paid > 0 ? { amount: paid.toFixed(2), currency } : undefined;
}

/** `sha256=<hex>`: 32 bytes of HMAC-SHA256. */
function signatureBytes(header: unknown): Buffer | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  return match ? Buffer.from(match[1]!, 'hex') : undefined;
}

/**
 * BTCPay Server's webhook: BTCPay-Sig signs the raw body (HMAC-SHA256, keyed with the webhook's secret),
 * compared in constant time before anything is read. A redelivery keeps its original's key, so one
 * already on record changes nothing.
 */
export function btcPayWebhookReader(api: BtcPayApi, secret: string): CallbackReader {
  return {
    verify({ headers, rawBody }) {
      const header = headers['btcpay-sig'];
      if (header === undefined) {
        throw new HttpError(
          401,
          'The BTCPay Server webhook is not signed: the BTCPay-Sig header is missing.',
        );
      }
      const given = signatureBytes(header);
      const expected = crypto.createHmac('sha256', secret).update(rawBody).digest();
      if (!given || !crypto.timingSafeEqual(given, expected)) {
        throw new HttpError(401, 'The BTCPay Server webhook signature does not match its body.');
      }
      const parsed = webhookSchema.safeParse(parseCallbackJson(rawBody));
      if (!parsed.success) throw invalidField(parsed.error.issues);
      const event = parsed.data;
      const { invoiceId } = event;
      if (APPLIED_EVENTS.has(event.type) && invoiceId === undefined) {
        throw invalidField([{ path: ['invoiceId'], message: 'is required' }]);
      }
      return {
        eventKey: `btcpay:${event.originalDeliveryId ?? event.deliveryId}`,
        record: rawBody.toString('utf8'),
        onceOnly: true,
        async report() {
          if (!APPLIED_EVENTS.has(event.type) || invoiceId === undefined) return undefined;
          // What arrived is read from the invoice in its own currency (readPaid), not from the event's
          // crypto amount, so it compares with the invoice's price.
          return readInvoice(api, invoiceId);
        },
      };
    },
  };
}

export const btcpay = defineProvider({
  name: 'btcpay',
  label: 'BTCPay Server',
  banner: 'BTCPay Server (real crypto payments, self-hosted)',
  env: {
    BTCPAY_URL: urlText(['http', 'https']),
    BTCPAY_API_KEY: optionalText,
    BTCPAY_STORE_ID: optionalText,
    BTCPAY_WEBHOOK_SECRET: optionalText,
  },
  needs: {
    BTCPAY_URL: 'invoices are created on this BTCPay Server',
    BTCPAY_API_KEY: 'invoices are created and checked with it',
    BTCPAY_STORE_ID: 'invoices belong to this store',
    BTCPAY_WEBHOOK_SECRET: 'webhooks cannot be verified without it, so no order could be marked paid',
    PUBLIC_URL: 'BTCPay Server sends the buyer back to this address',
  },
  create: (settings) =>
    new BtcPayProvider({
      url: setting(settings.BTCPAY_URL, 'BTCPAY_URL'),
      apiKey: setting(settings.BTCPAY_API_KEY, 'BTCPAY_API_KEY'),
      storeId: setting(settings.BTCPAY_STORE_ID, 'BTCPAY_STORE_ID'),
      publicUrl: setting(settings.PUBLIC_URL, 'PUBLIC_URL'),
    }),
  callback: {
    path: '/api/payments/btcpay/webhook',
    signatureHeader: 'btcpay-sig',
    summary: 'BTCPay Server’s webhook, signed with the webhook secret; the invoice is read back from BTCPay',
    operationId: 'receiveBtcPayWebhook',
    body: webhookSchema.loose(),
    errors: [502],
    reader: ({
      BTCPAY_URL: url,
      BTCPAY_API_KEY: apiKey,
      BTCPAY_STORE_ID: storeId,
      BTCPAY_WEBHOOK_SECRET: secret,
    }) =>
      url && apiKey && storeId && secret
        ? btcPayWebhookReader({ url, apiKey, storeId }, secret)
        : 'Payment callbacks from BTCPay Server are off: BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET are not all set.',
  },
});
