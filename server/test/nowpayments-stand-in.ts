/**
 * A local stand-in for NOWPayments' invoice API (docs/architecture.md §7: its tests run against a server that speaks
 * the same HTTP). It checks the API key and records each request; a test sets how it answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_API_KEY = 'stand-in-api-key';

export type StandInMode = 'ok' | 'server-error' | 'slow' | 'not-json' | 'no-invoice-url' | 'redirect';

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
      if (request.method !== 'POST' || request.url !== '/v1/invoice')
        return send(404, '{"message":"Not found"}');
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
          return send(200, JSON.stringify({ id: standIn.invoiceId }));
        case 'ok': {
          const { order_id: orderId } = body as { order_id?: string };
          return send(
            200,
            JSON.stringify({
              id: standIn.invoiceId,
              order_id: orderId,
              invoice_url:
                standIn.invoiceUrl ?? `https://nowpayments.example/payment/?iid=${standIn.invoiceId}`,
              created_at: new Date().toISOString(),
            }),
          );
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: NowPaymentsStandIn = {
    apiUrl: `http://127.0.0.1:${port}/v1`,
    mode: 'ok',
    invoiceId: 123,
    requests: [],
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
