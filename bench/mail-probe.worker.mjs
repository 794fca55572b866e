/**
 * The API caller of bench/mail.bench.ts: in its own thread, it asks one URL again and again, one request
 * at a time, and keeps each answer's time, so the times are the server's and not held up by the bench's
 * own work. Messages in: { url } starts, 'stop' -> { ms: [...], failures }.
 * Plain JavaScript: Node 20 does not pass tsx's loader on to worker threads.
 */
/* global fetch, AbortSignal -- Node's own, which the repo's .mjs lint setup does not list */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

let running = false;
let times = [];
let failures = 0;

async function loop(url) {
  while (running) {
    const start = performance.now();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.ok) times.push(performance.now() - start);
      else failures += 1;
    } catch {
      failures += 1;
    }
  }
  parentPort.postMessage({ ms: times, failures });
}

parentPort.on('message', (message) => {
  if (message === 'stop') {
    running = false;
    return;
  }
  times = [];
  failures = 0;
  running = true;
  void loop(message.url);
});
