/**
 * A local stand-in for NOWPayments' API (docs/architecture.md §7: its tests run against a server that speaks the same
 * HTTP): `POST /v1/invoice` and `GET /v1/payment/:id` ("Get payment status", which an IPN is read back from). It
 * checks the API key and records each request; a test sets how it answers, and registers the payments its IPNs name.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_API_KEY = 'stand-in-api-key';

export type StandInMode = 'ok' | 'server-error' | 'slow' | 'not-json' | 'no-invoice-url' | 'redirect';

/** A payment as "Get payment status" answers it; a test may register any JSON value, malformed included. */
export type StandInPayment = Record<string, unknown>;

/** The fields "Get payment status" answers that an IPN carries too. */
const PAYMENT_FIELDS = [
  'payment_id',
  'invoice_id',
  'payment_status',
  'price_amount',
  'price_currency',
  'pay_amount',
  'actually_paid',
  'pay_currency',
  'order_id',
  'order_description',
  'purchase_id',
  'created_at',
  'updated_at',
];

/** The payment NOWPayments holds when an IPN tells the truth: the IPN's own fields. */
export function paymentOf(ipn: object): StandInPayment {
  const fields = ipn as Record<string, unknown>;
  return Object.fromEntries(
    PAYMENT_FIELDS.filter((key) => Object.hasOwn(fields, key)).map((key) => [key, fields[key]]),
  );
}

export interface StandInRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface NowPaymentsStandIn {
  /** NOWPAYMENTS_API_URL for it, e.g. http://127.0.0.1:41234/v1 */
  apiUrl: string;
  mode: StandInMode;
  /** The id it answers with: a number, as NOWPayments sends it. */
  invoiceId: number | string;
  /** The invoice_url it answers with; by default one made from the id. */
  invoiceUrl?: string;
  requests: StandInRequest[];
  /** The payments GET /v1/payment/:id answers, by id as text; any other id is a 404. */
  payments: Map<string, unknown>;
  /** Registers the payment an IPN names, as the IPN reports it (`paymentOf`). */
  holdPaymentOf(ipn: object): void;
  close(): Promise<void>;
}

export async function startNowPaymentsStandIn(): Promise<NowPaymentsStandIn> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      standIn.requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
      });
      const send = (status: number, payload: string, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(payload);
      };
      const paymentId = /^\/v1\/payment\/([^/?]+)$/.exec(request.url ?? '')?.[1];
      const isInvoice = request.method === 'POST' && request.url === '/v1/invoice';
      const isPayment = request.method === 'GET' && paymentId !== undefined;
      if (!isInvoice && !isPayment) return send(404, '{"message":"Not found"}');
      if (request.headers['x-api-key'] !== STAND_IN_API_KEY) {
        return send(403, '{"statusCode":403,"code":"INVALID_API_KEY","message":"Invalid api key"}');
      }
      switch (standIn.mode) {
        case 'slow':
          return; // Never answers; the caller's deadline has to end it.
        case 'server-error':
          return send(500, '{"message":"Internal server error"}');
        case 'not-json':
          return send(200, '<html>Bad gateway</html>', { 'content-type': 'text/html' });
        case 'redirect':
          return send(307, '', { location: `${standIn.apiUrl}/elsewhere` });
        case 'no-invoice-url':
          if (isInvoice) return send(200, JSON.stringify({ id: standIn.invoiceId }));
          break;
        case 'ok':
          break;
      }
      if (isPayment) {
        const payment = standIn.payments.get(decodeURIComponent(paymentId!));
        if (payment === undefined) {
          return send(404, '{"statusCode":404,"code":"NOT_FOUND","message":"Payment not found"}');
        }
        return send(200, JSON.stringify(payment));
      }
      const { order_id: orderId } = body as { order_id?: string };
      return send(
        200,
        JSON.stringify({
          id: standIn.invoiceId,
          order_id: orderId,
          invoice_url: standIn.invoiceUrl ?? `https://nowpayments.example/payment/?iid=${standIn.invoiceId}`,
          created_at: new Date().toISOString(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: NowPaymentsStandIn = {
    apiUrl: `http://127.0.0.1:${port}/v1`,
    mode: 'ok',
    invoiceId: 123,
    requests: [],
    payments: new Map(),
    holdPaymentOf(ipn) {
      standIn.payments.set(String((ipn as { payment_id?: unknown }).payment_id), paymentOf(ipn));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}

/** An address where nothing listens: connecting is refused at once. */
export async function refusedApiUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
