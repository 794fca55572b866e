import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { secureContextHeaders } from '../http/secure-context-headers.js';

/** Helmet's security headers, with a Content-Security-Policy that lets Google sign-in in and nothing else. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
      styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
      frameSrc: ['https://accounts.google.com/gsi/'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Sent by secureContextHeaders, only to origins where browsers honour them.
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
};

let helmetHeadersOnce: Promise<Record<string, string>> | undefined;

/**
 * The headers Helmet sends with HELMET_OPTIONS, asked of Helmet itself once per process: a throwaway
 * Fastify with @fastify/helmet answers one request, and what it added to a plain answer is the set.
 * They never vary by request (no CSP nonces, no per-route options), while @fastify/helmet builds its
 * middleware again on every request (the CSP directives parsed, each header validated): about a tenth
 * of a small answer's cost (bench/README.md).
 */
export function helmetHeaders(): Promise<Record<string, string>> {
  helmetHeadersOnce ??= (async () => {
    const answer = async (withHelmet: boolean) => {
      const probe = Fastify();
      if (withHelmet) await probe.register(fastifyHelmet, HELMET_OPTIONS);
      probe.get('/', async () => 'probe');
      const response = await probe.inject({ method: 'GET', url: '/' });
      await probe.close();
      return response.headers;
    };
    const [helmet, plain] = await Promise.all([answer(true), answer(false)]);
    return Object.fromEntries(
      Object.entries(helmet)
        .filter(([name]) => !Object.hasOwn(plain, name))
        .map(([name, value]) => [name, String(value)]),
    );
  })();
  return helmetHeadersOnce;
}

/**
 * Security headers on every answer (404s and errors too): Helmet's, and the secure-context headers
 * where browsers honour them. One synchronous hook setting headers worked out once.
 */
export async function registerHelmet(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  const secureContext = secureContextHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    const more = secureContext(request);
    if (more) reply.headers(more);
    done();
  });
}
