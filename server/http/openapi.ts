/**
 * What the API reference (server/modules/api-docs) says about answers beyond each route's own schema,
 * written by the code that causes them, so the document says what the server does:
 * - `errorResponses(404, 409)`: a route's own refusals, beside its success schema.
 * - `documentResponses(scope, …)`: every route of a plugin scope, from the hook that answers them
 *   (the auth hooks' 401, the sandbox's 404, the catalogue's 304); in the document only.
 * - `tagRoutes(scope, tag)`: the feature module every route of a scope belongs to.
 * - `impliedErrorStatuses(route)`: what any route answers by its shape alone (validation, body limit,
 *   content types, the database's 503), for the document's builder.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/common.js';

/** The document's tags: one per feature module, in the order the reference lists them. */
export const API_TAGS = {
  system: 'Health and the settings the browser reads at start.',
  catalog: 'The public catalogue: shop pages, the overview, products, their views and Buy clicks.',
  images: 'Product pictures as the admin screens read them.',
  'admin-auth': "The admin's sessions.",
  'product-editor': "The admin's single-product edits, images and description images.",
  'catalog-tools': "The admin's products table, bulk actions and CSV export and import.",
  sales: "The admin's sales dashboard.",
  'price-sources':
    "The admin's Price checks: the price source's passes, a product's check and its price history.",
  ledger: "The admin's ledger of money: every payment received, refund and accepted shortfall.",
  buyers: "Buyers' sign-in and their own settings.",
  cart: "The signed-in buyer's cart.",
  orders: 'Purchases: checkout, the buyer’s orders and the admin’s orders page.',
  payments: 'Payment callbacks of the providers, and the sandbox payment page.',
  mail: "The admin's e-mail outbox.",
  activity: "The admin's activity log: every staff action, with its CSV export.",
  chat: 'Buyer–seller chat over HTTP (starting a chat, images); messages go over socket.io (docs/api.md).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503 | 504;

const ERROR_MEANINGS: Record<ErrorStatus, string> = {
  400: 'Bad input: the sentence names the field or part that is wrong. Nothing was changed.',
  401: 'No bearer token, or one that is expired, ended or unknown (or a wrong password or signature).',
  403: 'Signed in, but this belongs to someone else.',
  404: 'Not found: the sentence names what.',
  409: 'Conflict with the stored state: the sentence says which (out of stock, changed since read, …).',
  413: 'The body is larger than this call takes.',
  415: 'The body’s Content-Type is not one this call takes.',
  429: 'Too many tries: `retryAfter` (also the Retry-After header) says how many seconds to wait.',
  502: 'A service this call depends on (the payment provider, Google, a linked site) failed.',
  503: 'The database is busy or out of reach, or a dependency is: try again after Retry-After seconds.',
  504: 'A service this call depends on took too long.',
};

/** `{ 404: errorBodySchema, … }` with each status's meaning, for a route's `response`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, errorBodySchema.describe(ERROR_MEANINGS[status])]),
  ) as Record<S, typeof errorBodySchema>;
}

/**
 * Bytes a handler reads or sends itself (a Buffer, a stream): typed as `T` for the handler, and in the
 * document as a string of `mediaType` (OpenAPI 3.1's way to say binary content).
 */
export function binary<T>(mediaType: string, description: string) {
  return z.custom<T>(() => true).meta({ type: 'string', contentMediaType: mediaType, description });
}

/** A file field of a multipart form. */
export const uploadedFile = binary<never>(
  'image/*',
  'An image file: JPEG, PNG, WebP, GIF or AVIF, at most 10 MB.',
);

/** A picture as the server stores and sends it (WebP), for a route's `response`. */
export const imageResponse = {
  description: 'The picture, as WebP.',
  content: { 'image/webp': { schema: binary<Buffer>('image/webp', 'WebP image bytes.') } },
};

/** A 304 to a conditional GET: no body. */
export const notModifiedResponse = z
  .null()
  .describe('Not modified: the copy named by If-None-Match is current.');

/**
 * Adds answers to a route being registered (in an onRoute hook), for the document only: the route's
 * serializer is left alone (a hook must not decide how a route's answers are written).
 */
export function addResponses(route: RouteOptions, responses: Record<number, z.ZodType>): void {
  const schema: FastifySchema = route.schema ?? {};
  route.schema = { ...schema, documentedResponses: { ...schema.documentedResponses, ...responses } };
}

/** Adds answers to every route of `scope`; a route's own schema for a status wins. */
export function documentResponses(scope: FastifyInstance, responses: Record<number, z.ZodType>): void {
  scope.addHook('onRoute', (route) => addResponses(route, responses));
}

/** Files every route of `scope` under the feature module `tag`. */
export function tagRoutes(scope: FastifyInstance, tag: ApiTag): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags: [tag] };
  });
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A body the handler reads itself (a multipart form, a CSV stream, a signed callback's bytes), so
     * it cannot be Fastify's `body` (which would validate it first): described in the document only.
     */
    documentedBody?: z.ZodType;
    /** Headers the handler reads itself (a callback's signature): described in the document only. */
    documentedHeaders?: z.ZodType;
    /** Answers a hook gives (addResponses), described in the document only; `response` wins. */
    documentedResponses?: Record<number, z.ZodType>;
  }
  interface FastifyContextConfig {
    /** false on a route that never touches the database (so it cannot answer its 503). */
    usesDatabase?: false;
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Statuses every route of this shape can answer, whatever its handler does (server/http/error-handler.ts):
 * 400 when it validates input or parses a body (invalid JSON), 413 (the body limit) and 415 (a content
 * type no parser takes) when its method carries a body, 503 when it touches the database.
 */
export function impliedErrorStatuses(route: Pick<RouteOptions, 'method' | 'config'>, schema: FastifySchema) {
  const methods = [route.method].flat();
  const takesBody = methods.some((method) => BODY_METHODS.has(method));
  const statuses: ErrorStatus[] = [];
  const validates = ['body', 'querystring', 'params', 'headers', 'documentedBody'].some(
    (part) => schema[part as keyof FastifySchema] !== undefined,
  );
  if (validates || takesBody) statuses.push(400);
  if (takesBody) statuses.push(413, 415);
  if (route.config?.usesDatabase !== false) statuses.push(503);
  return statuses;
}
