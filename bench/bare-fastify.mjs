// The yardstick of `npm run bench:http`: a bare Fastify 5 in a process of its own that answers each of the
// bench's URLs with the bytes and content type the app gave for it, from memory. No logger, no hooks,
// no plugins: what Fastify and Node's HTTP cost for the same request and the same body on this machine.
//
// Run by the bench (node itself, through scripts/processes.mjs): `node bench/bare-fastify.mjs pages.json`,
// where pages.json is [{ url, contentType, body (base64) }]. It prints `listening <port>` once it listens
// on 127.0.0.1 and serves until stopped (SIGTERM).
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import process from 'node:process';
import Fastify from 'fastify';

const pages = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byUrl = new Map(
  pages.map(({ url, contentType, body }) => [url, { contentType, body: Buffer.from(body, 'base64') }]),
);

const app = Fastify();
// One route per path; the whole URL (path and query, as the bench sends it) picks the answer.
for (const pathname of new Set(pages.map(({ url }) => url.split('?')[0]))) {
  app.get(pathname, (request, reply) => {
    const page = byUrl.get(request.url);
    if (!page) return reply.code(404).send({ error: 'No such page.' });
    return reply.type(page.contentType).send(page.body);
  });
}
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${app.server.address().port}`);
