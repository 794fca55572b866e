import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Unauthorized } from '../../http/errors.js';
import { documentSecurity } from '../../http/openapi-security.js';
import { adminActor, bearerToken, liveAdminSession } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin hooks: who this admin request acts as, for the activity log and the ledger. */
    staffActor?: string;
  }
}

/** The one admin hook: every route registered in this plugin's scope needs a live admin token. */
export function requireAdmin(scope: FastifyInstance): void {
  documentSecurity(scope, ['adminBearer']);
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    const session = await liveAdminSession(scope.deps, token);
    if (session === undefined) {
      throw new Unauthorized(
        token ? 'Your admin session has expired. Please log in again.' : 'Admin login required.',
        ['admin'],
        token !== undefined,
      );
    }
    request.staffActor = adminActor(session, request.ip);
  });
}

/** Who the admin request acts as (after requireAdmin): its session's short id and its address. */
export function staffActor(request: FastifyRequest): string {
  if (request.staffActor === undefined) throw new Error('staffActor read outside an admin scope');
  return request.staffActor;
}
