import type { FastifyInstance } from 'fastify';
import { Unauthorized } from '../../http/errors.js';
import { documentSecurity } from '../../http/openapi-security.js';
import { bearerToken, isValidAdminToken } from './service.js';

/** The one admin hook: every route registered in this plugin's scope needs a live admin token. */
export function requireAdmin(scope: FastifyInstance): void {
  documentSecurity(scope, ['adminBearer']);
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!(await isValidAdminToken(scope.deps, token))) {
      throw new Unauthorized(
        token ? 'Your admin session has expired. Please log in again.' : 'Admin login required.',
        ['admin'],
        token !== undefined,
      );
    }
  });
}
