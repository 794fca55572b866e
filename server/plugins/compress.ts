import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip for every answer over 1 KB (the full product list compresses its own, full-list.ts).
 * A GET or HEAD has no body to decompress, so its route skips @fastify/compress's preParsing hook, which
 * every request would otherwise pass through (bench/README.md, bench:http); a route whose answers are
 * always a few bytes says `compress: false` itself (the health checks).
 */
export async function registerCompress(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads the option.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) route.decompress ??= false;
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
