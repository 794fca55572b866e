import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Multipart forms (image uploads); the limits are per route, in http/multipart.ts. Registered only in the
 * scopes whose routes take a form (the chat's and the product editor's), not on the whole app: the plugin
 * adds two async hooks and a 'close' listener to every request of its scope, for cleaning files saved to
 * disk, which this app never does (forms are read into memory). Every other route answers a multipart
 * body 415.
 */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
}
