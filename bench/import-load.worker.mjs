/**
 * The shoppers' side of bench/import-under-load.bench.ts. It runs in its own thread so that the times
 * it takes are the server's answer times, not delayed by the server's work on the same event loop.
 * Plain JavaScript: Node 20 does not pass tsx's loader on to worker threads.
 * Started with { baseUrl, shop, maxId, buyers: [{ sub, token }] }: one reader asks for a product and a
 * catalogue page in turn, a prober asks /api/health, and each buyer buys one unit of a random product and deletes that unpaid
 * order again (so stock and the open-order limit stay as they were), each call after the last one's
 * answer and a short pause, until told 'stop'; then it posts every call as
 * { kind, start (ms since the epoch), ms, status } (status 0 when no HTTP answer came).
 */
/* global fetch, AbortSignal, setTimeout -- Node's own, which the repo's .mjs lint setup does not list */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/** Every call gives up after this long, so a stuck server shows as a failed call instead of a hang. */
const REQUEST_TIMEOUT_MS = 30_000;
const READ_PAUSE_MS = 20;
const BUY_PAUSE_MS = 100;

const { baseUrl, shop, maxId, buyers } = workerData;
const calls = [];
let running = true;

const now = () => performance.timeOrigin + performance.now();
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const randomId = () => 1 + Math.floor(Math.random() * maxId);

async function call(kind, path, init = {}) {
  const start = now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.json();
    calls.push({ kind, start, ms: now() - start, status: response.status });
    return { status: response.status, body };
  } catch (error) {
    calls.push({ kind, start, ms: now() - start, status: 0, error: String(error) });
    return { status: 0, body: undefined };
  }
}

async function reader() {
  for (let turn = 0; running; turn += 1) {
    if (turn % 2 === 0) await call('read product', `/api/products/${randomId()}?shop=${shop}`);
    else
      await call('read catalogue page', `/api/catalog?shop=${shop}&page=${1 + (turn % 40)}&sort=price_asc`);
    await pause(READ_PAUSE_MS);
  }
}

/** /api/health answers without the database: its times show how long the event loop itself was held. */
async function prober() {
  while (running) {
    await call('health (event loop only)', '/api/health');
    await pause(READ_PAUSE_MS);
  }
}

async function buyer({ sub, token }) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  while (running) {
    const bought = await call('purchase', '/api/create-purchase', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        google_id: sub,
        product_id: randomId(),
        store: shop,
        condition: 'acceptable',
        quantity: 1,
        email: `${sub}@example.com`,
        address: '1 Main Street',
        postal_code: '12345',
        city: 'Springfield',
        state_prov: 'IL',
        contact_name: 'Bench Buyer',
        phone: '555-0100',
      }),
    });
    if (bought.status === 201) {
      await call('delete unpaid order', `/api/purchase/${bought.body.payment_id}`, {
        method: 'DELETE',
        headers: { authorization: headers.authorization },
      });
    }
    await pause(BUY_PAUSE_MS);
  }
}

parentPort.on('message', (message) => {
  if (message === 'stop') running = false;
});
await Promise.all([reader(), prober(), ...buyers.map(buyer)]);
parentPort.postMessage(calls);
