import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Brotli or gzip for every answer over 1 KB (the full product list compresses its own, full-list.ts). */
export async function registerCompress(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
