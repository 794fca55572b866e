/**
 * The API reference: OpenAPI 3.1 built from the zod schemas every route already validates with
 * (@fastify/swagger, with fastify-type-provider-zod's transforms) at GET /api/openapi.json, and an
 * interactive reference (Swagger UI) at /api/docs. Swagger UI's files are served from the package
 * on that path only; the shop's own pages never load them, and the site's CSP applies unchanged
 * (Swagger UI needs no inline script and no eval).
 *
 * Each route names its own summary and operationId beside its schema; its tag, security and the
 * answers its hooks give come from those hooks (server/http/openapi.ts), and the statuses any route of
 * its shape can answer are added here. `checkOperations` refuses to build a document where an
 * operation lacks any of them, so a new route cannot go undescribed.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_TAGS, errorResponses, impliedErrorStatuses } from '../../http/openapi.js';

/** Only the JSON API is described: pages, pictures, sitemaps and the reference itself are not calls. */
export function isDocumentedRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && url !== '/api/openapi.json';
}

type Transform = typeof jsonSchemaTransform;
type TransformObject = typeof jsonSchemaTransformObject;
type Operation = { summary?: string; operationId?: string; tags?: string[] };
type Paths = Record<string, Record<string, Operation>>;

const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

/** Every operation has a summary, a camelCase operationId used once, and its module's tag. */
export function checkOperations(paths: Paths): void {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      const { summary, operationId, tags } = operation;
      if (!summary) problems.push(`${name} has no summary`);
      if (!operationId || !OPERATION_ID.test(operationId)) {
        problems.push(`${name} has no camelCase operationId`);
      } else if (seen.has(operationId)) {
        problems.push(`${name} has the operationId "${operationId}" of ${seen.get(operationId)}`);
      } else seen.set(operationId, name);
      if (tags?.length !== 1) problems.push(`${name} has no module tag (tagRoutes in its routes file)`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`The API document is incomplete: ${problems.join('; ')}.`);
  }
}

/** A route's schema as the document shows it: its own, plus what its shape implies. */
const describeRoute: Transform = (input) => {
  if (!isDocumentedRoute(input.url)) return { schema: { hide: true }, url: input.url };
  const { documentedBody, documentedHeaders, documentedResponses, ...schema } = input.schema ?? {};
  const own = (schema.response ?? {}) as Record<number, unknown>;
  const implied = errorResponses(...impliedErrorStatuses(input.route, { ...schema, documentedBody }));
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      // An operation no auth hook marked is public, and says so.
      security: schema.security ?? [],
      ...(documentedBody && !schema.body ? { body: documentedBody } : {}),
      ...(documentedHeaders && !schema.headers ? { headers: documentedHeaders } : {}),
      response: { ...implied, ...documentedResponses, ...own },
    },
  });
};

const finishDocument: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  checkOperations(document.paths as Paths);
  return document;
};

/** `servers`: PUBLIC_URL when set; else `/`, the host the document was read from (OpenAPI 3.1 §4.8.5). */
function serverUrl(publicUrl: string | undefined): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') || '/' : '/';
}

/** Registered before the route modules, so the document sees every route they add. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const { PUBLIC_URL } = app.deps.config;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version: '1.0.0',
        description:
          'The shops, the admin and the open-box marketplace. Errors answer `{ "error": "<sentence>" }` with a 4xx or 5xx status. The chat’s live events (socket.io) are in docs/api.md.',
      },
      servers: [
        {
          url: serverUrl(PUBLIC_URL),
          description: PUBLIC_URL ? 'This shop (PUBLIC_URL).' : 'The host this document was read from.',
        },
      ],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          buyerBearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "A buyer's session token (auth_token), from POST /api/auth/google or POST /api/auth/demo.",
          },
          adminBearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An admin session token, from POST /api/login with the admin password.',
          },
        },
      },
    },
    transform: describeRoute,
    transformObject: finishDocument,
  });
}

export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
