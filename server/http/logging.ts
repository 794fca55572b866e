/**
 * Logs: one line per request, never a secret. In development a short readable line (pino-pretty);
 * in production JSON lines carrying the request id, which is also sent back as `x-request-id` so a
 * buyer's report can be matched to its line. Requests for static files (the built client's assets,
 * product pictures, icons) are logged at debug only: a shop page fetches dozens of them.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** An id a proxy in front sent along (x-request-id) is kept when it is short and plain; else a new one. */
const FORWARDED_ID = /^[\w.:-]{1,64}$/;

/**
 * Paths to anything secret that could reach a log line: credentials in headers, and the fields of
 * bodies (an error's context) that hold passwords, tokens or a buyer's address. Bodies are never
 * logged on purpose; this is the second line of defence.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.credential',
  // A purchase's shipping fields (shared/schemas/buying.ts).
  '*.address',
  '*.postal_code',
  '*.city',
  '*.state_prov',
  '*.contact_name',
  '*.phone',
  '*.email',
];

/**
 * The logger's options. `secretHeaders` adds headers that carry a secret of their own (the payment
 * providers' callback signatures, from their registry: app.ts passes them).
 */
export function loggerOptions(
  config: Config,
  secretHeaders: readonly string[] = [],
): FastifyServerOptions['logger'] {
  const paths = [
    ...REDACTED_PATHS,
    ...secretHeaders.map((header) => `req.headers[${JSON.stringify(header)}]`),
  ];
  const base = {
    level: config.LOG_LEVEL,
    redact: { paths, censor: '[redacted]' },
  };
  if (config.NODE_ENV !== 'development') return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: {
        translateTime: 'HH:MM:ss',
        ignore: 'pid,hostname,reqId,method,path,status,ms',
        singleLine: true,
      },
    },
  };
}

export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && FORWARDED_ID.test(given) ? given : crypto.randomUUID();
}

const STATIC_PREFIXES = ['/assets/', '/images/', '/fonts/'];
const STATIC_FILES = new Set(['/favicon.ico', '/favicon.svg', '/manifest.webmanifest', '/robots.txt']);

function isStaticFile(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  return STATIC_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || STATIC_FILES.has(pathname);
}

/** The path without its query string: a search is not a secret, but a log line is not the place for it. */
function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? request.url;
}

/** One line when a request is answered (Fastify's own two lines per request are turned off). */
export function registerRequestLogging(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const fields = {
      method: request.method,
      path: pathOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    const message = `${fields.method} ${fields.path} ${fields.status} ${fields.ms} ms`;
    if (isStaticFile(request.url)) request.log.debug(fields, message);
    else request.log.info(fields, message);
  });
}
