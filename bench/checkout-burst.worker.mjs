/**
 * The buyers' side of bench/checkout.bench.ts. It runs in its own thread so that the times it takes are
 * the server's answer times, not delayed by the server's work on the same event loop. Plain JavaScript:
 * Node 20 does not pass tsx's loader on to worker threads.
 * Each message is one burst, [{ url, token, body }]: every request is sent at once, and the reply is
 * { wallMs, answers: [{ status, body, ms }] } in the same order (status 0 when no HTTP answer came).
 */
/* global fetch, AbortSignal -- Node's own, which the repo's .mjs lint setup does not list */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

/** Every request gives up after this long, so a stuck server ends the run instead of hanging it. */
const REQUEST_TIMEOUT_MS = 30_000;

async function send(request) {
  const start = performance.now();
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${request.token}` },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.json();
    return { status: response.status, body, ms: performance.now() - start };
  } catch (error) {
    return { status: 0, body: String(error), ms: performance.now() - start };
  }
}

parentPort.on('message', (requests) => {
  const start = performance.now();
  void Promise.all(requests.map(send)).then((answers) => {
    parentPort.postMessage({ wallMs: performance.now() - start, answers });
  });
});
