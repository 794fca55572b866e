/**
 * The API document cannot drift from the server: every answer a test app gives to a documented
 * operation is checked against GET /api/openapi.json's description of it (the harness installs
 * `recordAnswers` on every route). Its status must be listed for that operation, its content type among
 * that status's, and a JSON body valid against that status's schema (Ajv, JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1). A mismatch is kept here, and openapi-drift-setup.ts fails the test that
 * caused it, naming method, route and status; the harness's close() fails on any left over.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

// ajv-formats is CommonJS: under Node's ESM its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
}

export interface Answer {
  method: string;
  /** The route's pattern as Fastify registered it, e.g. /api/cart/:googleUserId. */
  route: string;
  status: number;
  contentType: string | undefined;
  /** The body as sent when it is text (or bytes) the check can read; undefined for a stream. */
  body: string | undefined;
}

const violations: string[] = [];

/** The mismatches found since the last call (and forgets them). */
export function takeDriftViolations(): string[] {
  return violations.splice(0);
}

/** /api/cart/:googleUserId → /api/cart/{googleUserId}, the document's spelling. */
export function documentPath(route: string): string {
  return route.replace(/:(\w+)/g, '{$1}');
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Checks answers against one document; undefined when the answer fits, else a sentence saying how not. */
export function createAnswerChecker(document: unknown): (answer: Answer) => string | undefined {
  const doc = document as OpenApiDocument;
  // strict: false, because OpenAPI adds keywords (example, discriminator) to JSON Schema.
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi');
  const validators = new Map<string, ValidateFunction>();

  return ({ method, route, status, contentType, body }) => {
    const path = documentPath(route);
    const verb = method.toLowerCase();
    const operation = doc.paths[path]?.[verb];
    const name = `${method} ${path}`;
    if (!operation) return `${name} answered ${status}, but the API document has no such operation.`;
    const responses = operation.responses ?? {};
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((code) => responses[code]);
    if (!key) {
      const listed = Object.keys(responses).join(', ');
      return `${name} answered ${status}, which the API document does not list for it (it lists ${listed}).`;
    }
    const content = responses[key]!.content;
    const mediaType = contentType?.split(';')[0]!.trim().toLowerCase();
    const empty = body === undefined || body === '';
    if (!content) {
      return empty ? undefined : `${name} answered ${status} with a body the API document does not describe.`;
    }
    if (!mediaType) {
      return empty ? undefined : `${name} answered ${status} without a Content-Type.`;
    }
    if (!content[mediaType]) {
      const listed = Object.keys(content).join(', ');
      return `${name} answered ${status} as ${mediaType}; the API document says ${listed}.`;
    }
    if (!mediaType.endsWith('json') || body === undefined) return undefined;
    const ref = `openapi#/${pointer('paths', path, verb, 'responses', key, 'content', mediaType, 'schema')}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `${name} answered ${status} with a body that is not JSON: ${body.slice(0, 120)}`;
    }
    if (validate(parsed)) return undefined;
    const problem = ajv.errorsText(validate.errors, { dataVar: 'body' });
    return `${name} answered ${status} with a body its schema refuses (${problem}): ${body.slice(0, 200)}`;
  };
}

/** The readable text of an onSend payload; undefined for a stream or a compressed body. */
function bodyText(reply: FastifyReply, payload: unknown): string | undefined {
  if (reply.hasHeader('content-encoding')) return undefined;
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload === null || payload === undefined) return '';
  return undefined;
}

/**
 * onSend hooks for the documented routes of one app: each checks each answer against the app's own document (read
 * once, when the first answer leaves) and keeps what does not fit.
 */
export function answerRecorder(): (route: string) => onSendHookHandler {
  let check: ((answer: Answer) => string | undefined) | undefined;
  // Per route, as registered: a handler that calls callNotFound() still answers for its own route.
  return (route) => async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // A HEAD answer is its GET's without the body.
    if (request.method === 'HEAD') return payload;
    check ??= createAnswerChecker(request.server.swagger());
    const violation = check({
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: reply.getHeader('content-type') as string | undefined,
      body: bodyText(reply, payload),
    });
    if (violation) violations.push(violation);
    return payload;
  };
}
