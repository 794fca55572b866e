/**
 * The API reference: OpenAPI 3.1 built from the zod schemas every route already validates with
 * (@fastify/swagger, with fastify-type-provider-zod's transforms) at GET /api/openapi.json, and an
 * interactive reference (Swagger UI) at /api/docs. Swagger UI's files are served from the package
 * on that path only; the shop's own pages never load them, and the site's CSP applies unchanged
 * (Swagger UI needs no inline script and no eval).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Only the JSON API is described: pages, pictures, sitemaps and the reference itself are not calls. */
export function isDocumentedRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && url !== '/api/openapi.json';
}

/** Registered before the route modules, so the document sees every route they add. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version: '1.0.0',
        description:
          'The shops, the admin and the open-box marketplace. Errors answer `{ "error": "<sentence>" }` with a 4xx or 5xx status.',
      },
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
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      return isDocumentedRoute(input.url)
        ? transformed
        : { ...transformed, schema: { ...transformed.schema, hide: true } };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
