/**
 * Logs: one line per request, never a secret. In development a short readable line (pino-pretty);
 * in production JSON lines carrying the request id, which is also sent back as `x-request-id` so a
 * buyer's report can be matched to its line. Requests for static files (the built client's assets,
 * product pictures, icons) are logged at debug only: a shop page fetches dozens of them.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
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

/** The path without its query string: a search is not a secret, but a log line is not the place for it. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function isStaticFile(pathname: string): boolean {
  return STATIC_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || STATIC_FILES.has(pathname);
}

type Logger = FastifyBaseLogger;
type Bindings = Parameters<Logger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<Logger['child']>[1]>;
type LogMethod = (...args: unknown[]) => void;

/**
 * The request's logger (request.log), made only when something logs through it. Fastify makes a child
 * logger for every request, and with REDACTED_PATHS a child costs a few µs (its bindings go through
 * the redaction); most requests log nothing but their request line, which registerRequestLogging
 * writes without it. The first call makes the very child Fastify would have made.
 */
class RequestLogger implements Logger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions | undefined,
  ) {}

  private get logger(): Logger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent', args: unknown[]) {
    const logger = this.logger;
    (logger[level] as LogMethod).apply(logger, args);
  }

  get level(): string {
    return this.logger.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(...args: unknown[]): void {
    this.write('silent', args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.logger.child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return (this.logger as Logger & { isLevelEnabled(level: string): boolean }).isLevelEnabled(level);
  }
}

/** Fastify's `childLoggerFactory`: request.log as a RequestLogger (the same child, made on first use). */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  // An empty options object sends pino down its slower child path for nothing.
  return new RequestLogger(logger, bindings, Object.keys(options).length > 0 ? options : undefined);
};

/**
 * One line when a request is answered (Fastify's own two lines per request are turned off), and its id
 * sent back as x-request-id. The line is written as request.log would write it (the request id after the
 * process's bindings, then these fields), by one child of the app's logger made without redaction: its
 * fields (method, path without query, status, ms, reqId) hold nothing REDACTED_PATHS names, and pino's
 * redaction passes every field of a line through the wildcard paths' redactor, which cost several times
 * the rest of the line.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  const lines = app.log.child({}, { redact: [] });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const path = pathOf(request.url);
    const fields = {
      reqId: request.id,
      method: request.method,
      path,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    const message = `${fields.method} ${path} ${fields.status} ${fields.ms} ms`;
    if (isStaticFile(path)) lines.debug(fields, message);
    else lines.info(fields, message);
    done();
  });
}
