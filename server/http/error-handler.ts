import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isBusyDatabase, isDatabaseUnavailable } from '../db/errors.js';
import { bearerChallenge, DEFAULT_CHALLENGE, HttpError, Unauthorized } from './errors.js';

export const DATABASE_BUSY = 'The shop is busy. Please try again in a moment.';
export const DATABASE_UNAVAILABLE =
  'The shop cannot reach its database right now. Please try again in a moment.';
/** Seconds a client is asked to wait while the database is out of reach (a restart or failover takes a few). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * The sentence for a request the database could not serve now (busy, or out of reach), with the wait to
 * suggest; undefined for any other error. Sockets answer with it as HTTP does.
 */
export function databaseFault(error: unknown): { sentence: string; retryAfter: number } | undefined {
  if (isBusyDatabase(error)) return { sentence: DATABASE_BUSY, retryAfter: 1 };
  if (isDatabaseUnavailable(error))
    return { sentence: DATABASE_UNAVAILABLE, retryAfter: DATABASE_RETRY_AFTER_S };
  return undefined;
}

const PLACE: Record<string, string> = {
  querystring: 'query parameter',
  body: 'field',
  params: 'path parameter',
  headers: 'header',
};

/** What zod's own "expected X" names, in the words the rest of the API uses. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** zod's default wording ("Invalid input: expected string, received array") as a plain phrase. */
function plainMessage(message: string): string {
  const match = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (!match) return message;
  if (match[2] === 'undefined') return 'is required';
  return `must be ${EXPECTED[match[1]!] ?? match[1]}`;
}

/** One sentence naming what was wrong, e.g. 'Invalid query parameter "page": must be 1 or more.' */
function validationSentence(error: FastifyError): string {
  const issue = error.validation?.[0];
  const place = PLACE[error.validationContext ?? ''] ?? 'input';
  if (!issue) return `Invalid ${place}.`;
  const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = plainMessage((issue.message ?? 'is invalid').replace(/\.$/, ''));
  if (!name && place === 'field' && issue.keyword === 'invalid_type') {
    return 'The body must be a JSON object.';
  }
  if (!name) return `Invalid ${place}s: ${message}.`;
  return `Invalid ${place} "${name}": ${message}.`;
}

/**
 * Sentences for the errors Fastify and its plugins raise themselves. Their own messages are never sent:
 * they carry FST_ codes and echo the request's URL or headers back.
 */
const BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This endpoint does not accept that content type.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but says it is JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_TYPE: 'The Content-Type header is empty.',
  FST_ERR_BAD_URL: 'The address is not valid: it has a broken percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
};

const BY_STATUS: Record<number, string> = {
  400: 'The request could not be understood.',
  403: 'That is not allowed.',
  404: 'Not found.',
  405: 'That method is not allowed here.',
  406: 'This endpoint cannot answer in the format asked for.',
  408: 'The request took too long to arrive.',
  413: 'The request body is too large.',
  414: 'The address is too long.',
  415: 'This endpoint does not accept that content type.',
  416: 'That range of the file cannot be sent.',
  429: 'Too many requests. Please wait a moment and try again.',
  431: 'The request headers are too large.',
};

function clientErrorSentence(error: FastifyError, status: number): string {
  return BY_CODE[error.code] ?? BY_STATUS[status] ?? 'The request could not be handled.';
}

/** Turns any error into { error: "sentence" } with a fitting status; only a 5xx is logged, with its stack. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // RFC 9110 §15.5.2: a 401 always says how to authenticate; set here, so no route can forget it.
  if (error instanceof Unauthorized) {
    reply.header('WWW-Authenticate', bearerChallenge(error.realms, error.tokenSent));
  } else if (error.statusCode === 401) {
    reply.header('WWW-Authenticate', DEFAULT_CHALLENGE);
  }
  if (error instanceof HttpError) {
    // Every 429 that knows its wait says it in the standard header too, for clients that read only that.
    const { retryAfter } = error.extra;
    if (error.statusCode === 429 && typeof retryAfter === 'number' && retryAfter >= 0) {
      reply.header('Retry-After', String(Math.ceil(retryAfter)));
    }
    return reply.code(error.statusCode).send({ error: error.message, ...error.extra });
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return reply.code(400).send({ error: validationSentence(error) });
  }
  // Not a fault of this request: the database ended its transaction to let a concurrent one through
  // (busy: nothing was written), or could not be reached (an outage, which main.ts logs once where it
  // starts and once where it ends, not per request). The same request later is expected to succeed.
  const fault = databaseFault(error);
  if (fault) {
    if (isBusyDatabase(error))
      request.log.warn({ err: error }, 'database busy; the client was asked to retry');
    reply.header('Retry-After', String(fault.retryAfter));
    return reply.code(503).send({ error: fault.sentence });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ error: clientErrorSentence(error, status) });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a broken %-encoding, an over-long path
 * parameter) happen before any route or error handler, and would otherwise answer in Fastify's format.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(error, request, reply);
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', BY_STATUS[408]!],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', BY_STATUS[431]!],
};

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses (garbage, headers too large)
 * never reaches Fastify, so it is answered here, in the same { error } format, on the bare socket.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, sentence] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request is not valid HTTP.',
  ];
  const body = JSON.stringify({ error: sentence });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The 404 sentence. The path is named only when it is short and plain, so no caller-chosen text
 * (escapes, markup, megabytes) is reflected back.
 */
export function noSuchEndpoint(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  const plain = /^[A-Z]{1,10}$/.test(request.method) && /^\/[\w\-./~]{0,100}$/.test(path);
  return plain ? `No such endpoint: ${request.method} ${path}.` : 'No such endpoint.';
}

/** The one error hook: every failure leaves as { error: "sentence" } with a fitting status, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: noSuchEndpoint(request) });
  });
}
