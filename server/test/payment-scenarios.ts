/**
 * One app that takes payments through the sandbox, the NOWPayments stand-in and the BTCPay stand-in at
 * once (each order is settled by the provider that made its invoice), with helpers to buy, to send the
 * providers' signed callbacks and to read what changed. Registers its own beforeAll/afterAll, so a test
 * file calls it at the top of a describe. With `smtpSink`, a real SMTP sink is SMTP_URL and the app's own
 * sender delivers to it (every `mailSendMs`, default 50).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dialect } from '../db/database.js';
import {
  type PaymentProvider,
  type PaymentProviderName,
  registeredProvider,
} from '../modules/payment-providers/index.js';
import {
  BTCPAY_STAND_IN_API_KEY,
  BTCPAY_STAND_IN_STORE,
  type BtcPayStandIn,
  startBtcPayStandIn,
} from './btcpay-stand-in.js';
import { addProduct, conditions, SHIPPING } from './fixtures.js';
import { type AuthHeaders, buyerHeaders, createTestApp, type TestApp } from './harness.js';
import {
  type NowPaymentsStandIn,
  STAND_IN_API_KEY,
  startNowPaymentsStandIn,
} from './nowpayments-stand-in.js';
import { type SmtpSink, startSmtpSink } from './smtp-sink.js';

const IPN_SECRET = 'exceptions-ipn-secret';
const WEBHOOK_SECRET = 'exceptions-webhook-secret';

export interface ScenarioOptions {
  env?: Record<string, string>;
  /** Start a real SMTP sink as SMTP_URL and run the app's sender against it. */
  smtpSink?: boolean;
  mailSendMs?: number;
}

/** The shipping fields of the checkout form; a test may replace any of them. */
export type Shipping = typeof SHIPPING;

export function paymentScenarios(dialect: Dialect, options: ScenarioOptions = {}) {
  let t: TestApp;
  let nowpayments: NowPaymentsStandIn;
  let btcpay: BtcPayStandIn;
  let sink: SmtpSink | undefined;
  let nextId = 1;
  let nextBuyer = 1;
  let nextDelivery = 1;
  // Each IPN names its own payment, so IPNs sent at once each read their own state back.
  let nextNowPayment = 5_077_125_051;
  let current: PaymentProviderName = 'sandbox';
  // Made from the app's own settings, as main.ts does, at the moment of each invoice.
  const provider = {
    get name() {
      return current;
    },
    createInvoice: (request: Parameters<PaymentProvider['createInvoice']>[0]) =>
      registeredProvider(current).create(t.config).createInvoice(request),
    cancelInvoice: async (invoiceId: string) =>
      registeredProvider(current).create(t.config).cancelInvoice?.(invoiceId),
  } as PaymentProvider;

  beforeAll(async () => {
    [nowpayments, btcpay, sink] = await Promise.all([
      startNowPaymentsStandIn(),
      startBtcPayStandIn(),
      options.smtpSink ? startSmtpSink() : undefined,
    ]);
    t = await createTestApp(
      dialect,
      {
        NOWPAYMENTS_API_URL: nowpayments.apiUrl,
        NOWPAYMENTS_API_KEY: STAND_IN_API_KEY,
        NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
        BTCPAY_URL: btcpay.url,
        BTCPAY_API_KEY: BTCPAY_STAND_IN_API_KEY,
        BTCPAY_STORE_ID: BTCPAY_STAND_IN_STORE,
        BTCPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PUBLIC_URL: 'https://shop.example',
        ...(sink ? { SMTP_URL: sink.url } : {}),
        ...options.env,
      },
      { paymentProvider: provider, ...(sink ? { mailSendMs: options.mailSendMs ?? 50 } : {}) },
    );
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([nowpayments.close(), btcpay.close(), sink?.close()]);
  });

  return {
    app: () => t,
    db: () => t.handle.db,
    btcpay: () => btcpay,
    nowpayments: () => nowpayments,
    sink: () => {
      if (!sink) throw new Error('paymentScenarios: started without smtpSink');
      return sink;
    },
    /**
     * A buyer's order of one product (acceptable 20.00, 3 units) made through `via`, or a "Checkout all"
     * group of `lines` such products; `shipping` replaces fields of the form (the e-mail is the buyer's own).
     */
    async buy(via: PaymentProviderName, lines = 1, shipping: Partial<Shipping> = {}) {
      current = via;
      const sub = `buyer-${nextBuyer++}`;
      const email = `${sub}@example.com`;
      const headers = await buyerHeaders(t, { sub, email });
      const ids: number[] = [];
      for (let i = 0; i < lines; i += 1) {
        const id = nextId++;
        await addProduct(t.handle.db, 'ayz', id, { title: `Lens ${id}` }, conditions([2000, 3]));
        ids.push(id);
      }
      const form = { google_id: sub, store: 'ayz', ...SHIPPING, email, ...shipping };
      const response =
        lines === 1
          ? await t.app.inject({
              method: 'POST',
              url: '/api/create-purchase',
              headers,
              payload: { ...form, product_id: ids[0], condition: 'acceptable', quantity: 1 },
            })
          : await t.app.inject({
              method: 'POST',
              url: '/api/create-cart-purchase',
              headers,
              payload: {
                ...form,
                lines: ids.map((id) => ({ product_id: id, condition: 'acceptable', quantity: 1 })),
              },
            });
      expect(response.statusCode, response.body).toBe(201);
      return { ref: response.json().payment_id as string, sub, email, headers, productIds: ids };
    },
    /** The sandbox page's Pay, for all of the invoice or `amount` of it. */
    async sandboxPay(ref: string, headers: AuthHeaders, amount?: string) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${ref}/pay`,
        headers,
        ...(amount ? { payload: { amount } } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    },
    order: (ref: string) =>
      t.handle.db
        .selectFrom('orders')
        .selectAll()
        .where((eb) => eb.or([eb('payment_id', '=', ref), eb('group_id', '=', ref)]))
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    units: async (productId: number) =>
      (
        await t.handle.db
          .selectFrom('product_conditions')
          .select('available_quantity')
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow()
      ).available_quantity,
    mails: (ref: string) =>
      t.handle.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('dedupe_key', 'like', `%${ref}%`)
        .orderBy('id')
        .execute(),
    /**
     * A NOWPayments IPN for the order, signed: `paid` of 20.00 arrived (as crypto at 0.0004 BTC for the
     * price). Its payment, as the IPN reports it, is what the stand-in's API answers when it is read back.
     */
    ipn(ref: string, status: string, paidUsd: number, priceUsd = 20) {
      const payAmount = 0.0004;
      const body: Record<string, string | number> = {
        payment_id: nextNowPayment++,
        invoice_id: 123,
        payment_status: status,
        price_amount: priceUsd,
        price_currency: 'usd',
        pay_amount: payAmount,
        actually_paid: (payAmount * paidUsd) / priceUsd,
        pay_currency: 'btc',
        order_id: ref,
        updated_at: new Date().toISOString(),
      };
      nowpayments.holdPaymentOf(body);
      // NOWPayments signs the body with its keys sorted; this one is flat, so sorting them is all it takes.
      const canonical = JSON.stringify(body, Object.keys(body).sort());
      const signature = crypto.createHmac('sha512', IPN_SECRET).update(canonical).digest('hex');
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/ipn',
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
        payload: JSON.stringify(body),
      });
    },
    /** A BTCPay webhook for the order's invoice, once the stand-in's invoice says `status` and `paidUsd`. */
    webhook(ref: string, type: string, status: string, additionalStatus: string, paidUsd: string) {
      Object.assign(btcpay.invoiceOf(ref), { status, additionalStatus, paidUsd });
      return this.deliver(ref, type);
    },
    /** A BTCPay webhook of `type` for the order's invoice as the stand-in holds it now, with `extra` fields. */
    deliver(ref: string, type: string, extra: Record<string, unknown> = {}) {
      const text = JSON.stringify({
        deliveryId: `Del${nextDelivery++}`,
        type,
        invoiceId: btcpay.invoiceOf(ref).id,
        storeId: BTCPAY_STAND_IN_STORE,
        ...extra,
      });
      const signature = `sha256=${crypto.createHmac('sha256', WEBHOOK_SECRET).update(text).digest('hex')}`;
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/btcpay/webhook',
        headers: { 'content-type': 'application/json', 'btcpay-sig': signature },
        payload: text,
      });
    },
  };
}
