import type { FastifyInstance } from 'fastify';
import { documentResponses, errorResponses } from './openapi.js';

/** The two bearer schemes of the API reference (server/modules/api-docs). */
export type SecurityScheme = 'buyerBearer' | 'adminBearer';

/**
 * Writes into every route of `scope` which bearer tokens it takes, and the 401 it answers without one,
 * for the API reference. Called by the auth hooks themselves, so the document says what the server
 * enforces, never a list kept by hand. Several schemes mean any one of them. A route without any is
 * public: the document says so with `security: []`.
 */
export function documentSecurity(scope: FastifyInstance, schemes: SecurityScheme[]): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: schemes.map((scheme) => ({ [scheme]: [] })) };
  });
  documentResponses(scope, errorResponses(401));
}
