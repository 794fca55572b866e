import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type NowPaymentsStandIn,
  refusedApiUrl,
  STAND_IN_API_KEY,
  startNowPaymentsStandIn,
} from '../../test/nowpayments-stand-in.js';
import { NowPaymentsProvider } from './nowpayments.js';
import { PaymentProviderError } from './provider.js';

const REQUEST = { paymentId: 'ord_abc', priceUsd: '39.98', description: 'Camera (Good) × 2' };

describe('NowPaymentsProvider against a local stand-in', () => {
  let standIn: NowPaymentsStandIn;
  const provider = (options: { apiUrl?: string; apiKey?: string; timeoutMs?: number } = {}) =>
    new NowPaymentsProvider({
      apiUrl: options.apiUrl ?? standIn.apiUrl,
      apiKey: options.apiKey ?? STAND_IN_API_KEY,
      publicUrl: 'https://shop.example/',
      timeoutMs: options.timeoutMs ?? 2_000,
    });

  beforeAll(async () => {
    standIn = await startNowPaymentsStandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });
  beforeEach(() => {
    standIn.mode = 'ok';
    standIn.invoiceId = 123;
    standIn.invoiceUrl = undefined;
    standIn.requests = [];
  });

  it('POSTs the invoice with the API key and the order, and keeps the numeric id as text', async () => {
    const invoice = await provider().createInvoice(REQUEST);
    expect(invoice).toEqual({
      invoiceId: '123',
      invoiceUrl: 'https://nowpayments.example/payment/?iid=123',
    });
    expect(standIn.requests).toHaveLength(1);
    const [sent] = standIn.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v1/invoice');
    expect(sent!.headers['x-api-key']).toBe(STAND_IN_API_KEY);
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.body).toEqual({
      price_amount: 39.98,
      price_currency: 'usd',
      order_id: 'ord_abc',
      order_description: 'Camera (Good) × 2',
      ipn_callback_url: 'https://shop.example/api/payments/ipn',
      success_url: 'https://shop.example/success',
      cancel_url: 'https://shop.example/cancel',
    });
  });

  it('keeps a text id as it is, and a long numeric one without rounding', async () => {
    standIn.invoiceId = '5222917334';
    expect((await provider().createInvoice(REQUEST)).invoiceId).toBe('5222917334');
    standIn.invoiceId = 9_007_199_254_740_000;
    expect((await provider().createInvoice(REQUEST)).invoiceId).toBe('9007199254740000');
  });

  it('works with a trailing slash on NOWPAYMENTS_API_URL', async () => {
    await provider({ apiUrl: `${standIn.apiUrl}/` }).createInvoice(REQUEST);
    expect(standIn.requests[0]!.path).toBe('/v1/invoice');
  });

  const failures: [string, () => Promise<unknown>, RegExp][] = [
    [
      'a 500',
      async () => ((standIn.mode = 'server-error'), provider().createInvoice(REQUEST)),
      /answered 500/,
    ],
    ['a refused API key', async () => provider({ apiKey: 'wrong' }).createInvoice(REQUEST), /answered 403/],
    [
      'an answer that is not JSON',
      async () => ((standIn.mode = 'not-json'), provider().createInvoice(REQUEST)),
      /other than JSON/,
    ],
    [
      'an invoice without invoice_url',
      async () => ((standIn.mode = 'no-invoice-url'), provider().createInvoice(REQUEST)),
      /invoice_url/,
    ],
    [
      'a redirect (it would carry the API key along)',
      async () => ((standIn.mode = 'redirect'), provider().createInvoice(REQUEST)),
      /could not be reached/,
    ],
    [
      'a provider that is down',
      async () => provider({ apiUrl: await refusedApiUrl() }).createInvoice(REQUEST),
      /could not be reached/,
    ],
  ];

  it.each(failures)('throws PaymentProviderError on %s', async (_name, run, message) => {
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).toMatch(message);
  });

  it('throws PaymentProviderError for an invoice id or URL it cannot use', async () => {
    for (const id of [null, 1.5, '', 'a b', { n: 1 }]) {
      standIn.invoiceId = id as unknown as string;
      await expect(provider().createInvoice(REQUEST)).rejects.toThrow(/usable id/);
    }
    standIn.invoiceId = 123;
    // The buyer's browser is sent there: only a web address will do.
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'https://', 42]) {
      standIn.invoiceUrl = url as string;
      await expect(provider().createInvoice(REQUEST)).rejects.toThrow(/usable invoice_url/);
    }
  });

  it('gives up at its deadline when the provider does not answer', async () => {
    standIn.mode = 'slow';
    const started = Date.now();
    const error = await provider({ timeoutMs: 300 })
      .createInvoice(REQUEST)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).toBe('NOWPayments did not answer within 300 ms.');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
