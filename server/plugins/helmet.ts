import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { registerSecureContextHeaders } from '../http/secure-context-headers.js';

/** Security headers: Helmet's, with a Content-Security-Policy that lets Google sign-in in and nothing else. */
export async function registerHelmet(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
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
    // Sent by registerSecureContextHeaders, only to origins where browsers honour them.
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
  });
  registerSecureContextHeaders(app);
}
