import type { FastifyInstance, FastifyRequest } from 'fastify';

const LOCAL_HOSTS = /^(localhost|[\w-]+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/**
 * Whether the browser treats the page's origin as potentially trustworthy: over HTTPS (as the client saw
 * it, so X-Forwarded-Proto counts when TRUST_PROXY trusts the sender), or a loopback host name.
 */
export function isTrustworthyOrigin(request: FastifyRequest): boolean {
  if (request.protocol === 'https') return true;
  return LOCAL_HOSTS.test(request.hostname.toLowerCase().replace(/\.$/, ''));
}

/**
 * Cross-Origin-Opener-Policy and Origin-Agent-Cluster, only where they take effect: on any other origin
 * (the site opened by its LAN address over plain HTTP) browsers ignore both and log an error for each
 * page, noise that hides real errors. Helmet's own copies of these two are turned off in plugins/helmet.ts.
 */
export function registerSecureContextHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isTrustworthyOrigin(request)) return;
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Origin-Agent-Cluster', '?1');
  });
}
