/**
 * A local stand-in for BTCPay Server's Greenfield endpoints the shop calls (docs/architecture.md §7):
 * create an invoice, read it back, and read its payment methods (what arrived). A test changes an
 * invoice's status and paidUsd as BTCPay Server would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const BTCPAY_STAND_IN_API_KEY = 'btcpay-stand-in-key';
export const BTCPAY_STAND_IN_STORE = 'StoreA1';
/** USD per BTC on the stand-in. */
const BTC_RATE = 50_000;

interface StandInInvoice {
  id: string;
  status: string;
  additionalStatus: string;
  amount: string;
  currency: string;
  metadata: Record<string, unknown>;
  checkoutLink: string;
  /** What arrived so far in USD (0 until a test pays): the payment-methods endpoint reports it in BTC. */
  paidUsd: string;
}

/** A local stand-in for BTCPay Server's two Greenfield endpoints: create an invoice, read one back. */
export async function startBtcPayStandIn() {
  const state = {
    url: '',
    mode: 'ok' as 'ok' | 'server-error' | 'slow' | 'not-json' | 'redirect' | 'bad-link',
    invoices: new Map<string, StandInInvoice>(),
    requests: [] as { method: string; path: string; authorization?: string; body: unknown }[],
    nextId: 1,
  };
  const base = `/api/v1/stores/${BTCPAY_STAND_IN_STORE}/invoices`;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body: unknown = text ? JSON.parse(text) : undefined;
      const path = request.url ?? '';
      state.requests.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        body,
      });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (request.headers.authorization !== `token ${BTCPAY_STAND_IN_API_KEY}`)
        return send(401, { code: 'unauthenticated' });
      if (state.mode === 'slow') return;
      if (state.mode === 'server-error') return send(500, { message: 'boom' });
      if (state.mode === 'not-json')
        return send(200, '<html>gateway</html>', { 'content-type': 'text/html' });
      if (state.mode === 'redirect') return send(307, '', { location: `${state.url}/elsewhere` });
      if (request.method === 'POST' && path === base) {
        const { amount, currency, metadata } = body as Pick<
          StandInInvoice,
          'amount' | 'currency' | 'metadata'
        >;
        const id = `Inv${state.nextId++}`;
        const checkoutLink = state.mode === 'bad-link' ? 'javascript:alert(1)' : `${state.url}/i/${id}`;
        const invoice = {
          id,
          status: 'New',
          additionalStatus: 'None',
          amount,
          currency,
          metadata,
          checkoutLink,
          paidUsd: '0',
        };
        state.invoices.set(id, invoice);
        return send(200, invoice);
      }
      // Greenfield's "mark invoice status" (a deleted order's invoice is marked Invalid, issue 33).
      const marked = /^(.+)\/status$/.exec(path.slice(base.length + 1));
      const markedInvoice = request.method === 'POST' && marked && state.invoices.get(marked[1]!);
      if (markedInvoice) {
        markedInvoice.status = (body as { status: string }).status;
        return send(200, markedInvoice);
      }
      const methods = /^(.+)\/payment-methods$/.exec(path.slice(base.length + 1));
      const paidOf = request.method === 'GET' && methods && state.invoices.get(methods[1]!);
      if (paidOf) {
        // One on-chain method at a fixed rate: what arrived (paidUsd) in BTC, as BTCPay Server lists it.
        const btc = (usd: string) => (Number(usd) / BTC_RATE).toFixed(8);
        return send(200, [
          {
            paymentMethodId: 'BTC-CHAIN',
            currency: 'BTC',
            rate: String(BTC_RATE),
            amount: btc(paidOf.amount),
            totalPaid: btc(paidOf.paidUsd),
            paymentMethodPaid: btc(paidOf.paidUsd),
            due: btc(String(Number(paidOf.amount) - Number(paidOf.paidUsd))),
            payments: [],
          },
        ]);
      }
      const invoice = request.method === 'GET' && state.invoices.get(path.slice(base.length + 1));
      if (path.startsWith(`${base}/`) && invoice) return send(200, invoice);
      return send(404, { code: 'invoice-not-found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    /** The invoice made for an order, to change its status as BTCPay Server would. */
    invoiceOf: (paymentId: string) =>
      [...state.invoices.values()].find((invoice) => invoice.metadata.orderId === paymentId)!,
    /**
     * The buyer's coins reach an invoice after it expired, as BTCPay Server records them: the invoice
     * stays Expired, its additionalStatus becomes PaidLate, and what arrived adds up. Answers the
     * InvoiceReceivedPayment webhook's extra fields for it.
     */
    payLate(paymentId: string, usd: number) {
      const invoice = [...state.invoices.values()].find((one) => one.metadata.orderId === paymentId)!;
      Object.assign(invoice, {
        status: 'Expired',
        additionalStatus: 'PaidLate',
        paidUsd: String(Number(invoice.paidUsd) + usd),
      });
      return {
        afterExpiration: true,
        paymentMethod: 'BTC-CHAIN',
        payment: { value: String(usd / BTC_RATE) },
      };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
export type BtcPayStandIn = Awaited<ReturnType<typeof startBtcPayStandIn>>;
