/**
 * The buyers of bench/mail.bench.ts's `--mode paid`: in its own thread, so the times it takes are the
 * server's answers and not held up by the bench's own work. For each order, one after another, it makes
 * the purchase (create-purchase, or create-cart-purchase for a group) and presses the sandbox's Pay, as
 * a buyer on the payment page does, and times the Pay call.
 * Message in: { baseUrl, orders: [{ token, path, body }] } -> { payMs: [...], refs: [...], failures: [...] }.
 * Plain JavaScript: Node 20 does not pass tsx's loader on to worker threads.
 */
/* global fetch, AbortSignal -- Node's own, which the repo's .mjs lint setup does not list */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

const REQUEST_TIMEOUT_MS = 30_000;

async function post(url, token, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, body: await response.json() };
}

parentPort.on('message', async ({ baseUrl, orders }) => {
  const payMs = [];
  const refs = [];
  const failures = [];
  for (const order of orders) {
    try {
      const created = await post(`${baseUrl}${order.path}`, order.token, order.body);
      if (created.status !== 201) {
        failures.push(`create ${created.status}: ${JSON.stringify(created.body)}`);
        continue;
      }
      const ref = created.body.payment_id;
      const start = performance.now();
      const paid = await post(`${baseUrl}/api/payments/sandbox/${ref}/pay`, order.token, {});
      const ms = performance.now() - start;
      if (paid.status !== 200) {
        failures.push(`pay ${paid.status}: ${JSON.stringify(paid.body)}`);
        continue;
      }
      payMs.push(ms);
      refs.push(ref);
    } catch (error) {
      failures.push(String(error));
    }
  }
  parentPort.postMessage({ payMs, refs, failures });
});
