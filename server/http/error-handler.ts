import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors.js';

const PLACE: Record<string, string> = {
  querystring: 'query parameter',
  body: 'field',
  params: 'path parameter',
  headers: 'header',
};

/** One sentence naming what was wrong, e.g. 'Invalid query parameter "page": must be 1 or more.' */
function validationSentence(error: FastifyError): string {
  const issue = error.validation?.[0];
  const place = PLACE[error.validationContext ?? ''] ?? 'input';
  if (!issue) return `Invalid ${place}.`;
  const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = (issue.message ?? 'is invalid').replace(/\.$/, '');
  if (!name) return `Invalid ${place}s: ${message}.`;
  return `Invalid ${place} "${name}": ${message}.`;
}

/** The one error hook: every failure leaves as { error: "sentence" } with a fitting status, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.code(400).send({ error: validationSentence(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: clientErrorSentence(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}.` });
  });
}

function clientErrorSentence(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This endpoint does not accept that content type.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The body is not valid JSON.';
    default:
      return error.message.endsWith('.') ? error.message : `${error.message}.`;
  }
}
