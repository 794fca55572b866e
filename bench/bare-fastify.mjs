// The yardsticks of `npm run bench:http`: a bare Fastify 5 in a process of its own that answers each of the
// bench's URLs with the bytes and content type the app gave for it, from memory. No logger, no hooks,
// no plugins: what Fastify and Node's HTTP cost for the same request and the same body on this machine.
//
// With `--kept LOGFILE` it also does, as plainly as it can be done, what issue 21 says the app must keep on
// every answer: it sends the app's own response headers (the security headers, cache-control, and an
// x-request-id made for each request) and writes one JSON log line per answer at pino's default level into
// LOGFILE, with the fields of the app's request line. That is the most any app keeping those can serve, so
// the bench shows how much of the app's cost is its own and how much the kept duties take.
//
// Run by the bench (node itself, through scripts/processes.mjs): `node bench/bare-fastify.mjs pages.json
// [--kept LOGFILE]`, where pages.json is [{ url, contentType, body (base64), headers }]. It prints
// `listening <port>` once it listens on 127.0.0.1 and serves until stopped (SIGTERM).
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import process from 'node:process';
import Fastify from 'fastify';
import pino from 'pino';

const pages = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const keptAt = process.argv.indexOf('--kept');
const logFile = keptAt > 0 ? process.argv[keptAt + 1] : undefined;
const byUrl = new Map(
  pages.map(({ url, contentType, body, headers }) => [
    url,
    { contentType, body: Buffer.from(body, 'base64'), headers },
  ]),
);

const app = Fastify(logFile ? { genReqId: () => crypto.randomUUID() } : {});
if (logFile) {
  const lines = pino({ level: 'info' }, pino.destination(logFile));
  app.addHook('onResponse', (request, reply, done) => {
    const path = request.url.split('?')[0];
    const ms = Math.round(reply.elapsedTime);
    lines.info(
      { reqId: request.id, method: request.method, path, status: reply.statusCode, ms },
      `${request.method} ${path} ${reply.statusCode} ${ms} ms`,
    );
    done();
  });
}
// One route per path; the whole URL (path and query, as the bench sends it) picks the answer.
for (const pathname of new Set(pages.map(({ url }) => url.split('?')[0]))) {
  app.get(pathname, (request, reply) => {
    const page = byUrl.get(request.url);
    if (!page) return reply.code(404).send({ error: 'No such page.' });
    if (logFile) reply.headers(page.headers).header('x-request-id', request.id);
    return reply.type(page.contentType).send(page.body);
  });
}
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${app.server.address().port}`);
