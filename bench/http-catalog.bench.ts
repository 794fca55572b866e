/**
 * Catalogue pages over HTTP (issue 9): what the real app serves per second, against the same bytes
 * served from memory by the same Fastify server, so the ratio is the cost of the app's own work (the
 * version lookup, the query or the cache, the serializer) on top of Fastify and HTTP.
 *
 * Run: npm run bench:http [-- --seconds 10 --connections 50 --products 100000]. The app (production
 * settings, no client, no order sweep) listens on 127.0.0.1 over bench/.data's SQLite catalogue, or the
 * PostgreSQL at BENCH_DATABASE_URL; autocannon runs in a child process so it does not share the
 * server's event loop. Plain requests without If-None-Match or Accept-Encoding: every one is a 200.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { buildBenchApp, openBenchCatalog } from './catalog-data.js';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const connections = arg('connections', 50);
const total = arg('products', 100_000);

const handle = await openBenchCatalog(total);
const app = await buildBenchApp(handle);

const PAGES = {
  'category page (24 products)': '/api/catalog?shop=default&category=Audio%200',
  'search page "item 12"': '/api/catalog?shop=default&q=item%2012',
  overview: '/api/catalog/overview?shop=default',
};
// The bench's own route (registered before the first request readies the app): each page's bytes,
// taken from the app once, served as they are.
const inMemory = new Map<string, { body: string; contentType: string }>();
app.get('/bench/from-memory', async (request, reply) => {
  const page = inMemory.get(String((request.query as { url?: string }).url));
  if (!page) return reply.code(404).send({ error: 'No such page.' });
  return reply.type(page.contentType).send(page.body);
});
for (const url of Object.values(PAGES)) {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  inMemory.set(url, { body: response.body, contentType: String(response.headers['content-type']) });
}
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
async function requestsPerSecond(
  url: string,
): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [autocannon, '-c', String(connections), '-d', String(seconds), '-j', url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

console.log(`${handle.dialect}, ${total} products, ${connections} connections, ${seconds} s each`);
for (const [name, url] of Object.entries(PAGES)) {
  const real = await requestsPerSecond(base + url);
  const memory = await requestsPerSecond(`${base}/bench/from-memory?url=${encodeURIComponent(url)}`);
  const bytes = Buffer.byteLength(inMemory.get(url)!.body);
  const line = (label: string, r: typeof real) =>
    `  ${label.padEnd(12)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms` +
    (r.errors ? `   ${r.errors} errors or non-2xx` : '');
  console.log(`${name} (${(bytes / 1024).toFixed(1)} KB)`);
  console.log(line('app', real));
  console.log(line('from memory', memory));
  console.log(`  ratio ${(real.rps / memory.rps).toFixed(2)} (target ≥ 0.5)`);
}
await app.close();
await handle.close();
