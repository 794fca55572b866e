import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Multipart forms (image uploads); the limits are per route, in http/multipart.ts. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
}
